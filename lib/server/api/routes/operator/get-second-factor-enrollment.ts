// GET /api/operator/second-factor.php: the authenticator app's secret for an operator setting one up
import { OperatorEnrollmentSchema } from '@/lib/shared/schemas/operators';
import { startEnrollment } from '../../../operators/second-factor';
import { defineRoute } from '../../kit/define-route';

export const getSecondFactorEnrollmentRoute = defineRoute('GET /api/operator/second-factor.php', {
  access: 'operator',
  isSecondFactorStep: true,
  summary: 'Set up the authenticator app',
  response: {
    status: 200,
    description: 'The secret as an otpauth address, in base32 and as a QR code',
    schema: OperatorEnrollmentSchema,
  },
  errors: ['forbidden'],
  handler: ({ operator }) => startEnrollment({ operatorId: operator.operatorId }),
});
