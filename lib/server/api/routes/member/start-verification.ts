// POST /api/verification.php: ask to be photo verified; the answer names the pose to copy
import { VerificationStartSchema, VerificationStateSchema } from '@/lib/shared/schemas/verification';
import { startVerification } from '../../../verification/start-verification';
import { defineRoute } from '../../kit/define-route';

export const startVerificationRoute = defineRoute('POST /api/verification.php', {
  access: 'confirmed-member',
  summary: 'Ask to be photo verified',
  body: VerificationStartSchema,
  response: {
    status: 200,
    description: 'The verification with the pose, picked at random, to copy in a selfie',
    schema: VerificationStateSchema,
  },
  errors: ['not_found', 'verification_unavailable', 'verification_needs_photo', 'verification_open'],
  handler: ({ viewer }) => startVerification({ userId: viewer.userId }),
});
