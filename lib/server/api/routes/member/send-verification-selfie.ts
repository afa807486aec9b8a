// POST /api/verification-selfie.php: the selfie copying the pose (multipart), checked by its content
import { z } from '@hono/zod-openapi';
import { SELFIE_MAX_BYTES, VerificationStateSchema } from '@/lib/shared/schemas/verification';
import { tooLarge } from '../../../photos/process-photo';
import { submitVerificationSelfie } from '../../../verification/submit-verification-selfie';
import { defineRoute } from '../../kit/define-route';

const SelfieUploadSchema = z.object({
  selfie: z.instanceof(File).openapi({
    type: 'string',
    format: 'binary',
    description: 'A JPEG, PNG or WebP photo of the member copying the pose; kept private',
  }),
});

export const sendVerificationSelfieRoute = defineRoute('POST /api/verification-selfie.php', {
  access: 'confirmed-member',
  summary: 'Send the verification selfie',
  body: SelfieUploadSchema,
  bodyType: 'multipart',
  // Room for the multipart envelope around the largest accepted file.
  maxBodyBytes: SELFIE_MAX_BYTES + 64 * 1024,
  bodyTooLarge: tooLarge,
  response: {
    status: 200,
    description: 'The verification, now waiting for a moderator',
    schema: VerificationStateSchema,
  },
  errors: [
    'not_found',
    'verification_unavailable',
    'verification_not_started',
    'photo_invalid',
    'photo_too_large',
    'photo_too_many_pixels',
  ],
  handler: async ({ viewer, body }) => {
    if (body.selfie.size > SELFIE_MAX_BYTES) throw tooLarge();
    return submitVerificationSelfie({
      userId: viewer.userId,
      data: Buffer.from(await body.selfie.arrayBuffer()),
    });
  },
});
