// POST /api/operator/second-factor.php: a code of the authenticator app opens the console (the second factor)
import { getCookie } from 'hono/cookie';
import { OperatorCodeSchema, OperatorSchema } from '@/lib/shared/schemas/operators';
import { getOperatorOrThrow } from '../../../operators/get-operator';
import { OPERATOR_COOKIE } from '../../../operators/operator-sessions';
import { verifySecondFactor } from '../../../operators/second-factor';
import { defineRoute } from '../../kit/define-route';

export const verifySecondFactorRoute = defineRoute('POST /api/operator/second-factor.php', {
  access: 'operator',
  isSecondFactorStep: true,
  summary: 'Give the second factor',
  body: OperatorCodeSchema,
  response: { status: 200, description: 'The console is open', schema: OperatorSchema },
  errors: ['second_factor_invalid', 'account_locked'],
  handler: async ({ operator, body, c, audit }) => {
    await verifySecondFactor({
      operatorId: operator.operatorId,
      sessionToken: getCookie(c, OPERATOR_COOKIE) ?? '',
      code: body.code,
    });
    audit({
      action: 'operator.second_factor',
      subject: { type: 'operator', id: operator.operatorId },
      after: { method: 'totp' },
    });
    return getOperatorOrThrow({ operatorId: operator.operatorId, isVerified: true });
  },
});
