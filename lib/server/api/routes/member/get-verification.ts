// GET /api/verification.php: where the member's photo verification stands
import { VerificationStateSchema } from '@/lib/shared/schemas/verification';
import { getVerificationState } from '../../../verification/get-verification-state';
import { defineRoute } from '../../kit/define-route';

export const getVerificationRoute = defineRoute('GET /api/verification.php', {
  access: 'member',
  summary: 'The member’s photo verification',
  response: {
    status: 200,
    description: 'The state, the pose to copy, the reason of a rejection (never the selfie)',
    schema: VerificationStateSchema,
  },
  errors: ['not_found'],
  handler: ({ viewer }) => getVerificationState({ userId: viewer.userId }),
});
