// GET /api/operator/verification-selfie.php: a verification selfie, streamed to moderators only
import { VerificationSelfieQuerySchema } from '@/lib/shared/schemas/verification';
import { getVerificationSelfie } from '../../../verification/get-verification-selfie';
import { defineRoute } from '../../kit/define-route';

export const getVerificationSelfieRoute = defineRoute('GET /api/operator/verification-selfie.php', {
  access: 'operator',
  roles: ['moderator'],
  summary: 'A verification selfie (moderators only; never a public photo address)',
  query: VerificationSelfieQuerySchema,
  response: { status: 200, description: 'The selfie', media: 'image/jpeg' },
  errors: ['not_found'],
  // A private picture of a member: no cache keeps it, not even the moderator's browser.
  cacheControl: 'private, no-store',
  handler: ({ query }) => getVerificationSelfie({ verificationId: query.id }),
});
