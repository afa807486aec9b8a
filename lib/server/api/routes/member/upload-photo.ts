// POST /api/photo.php: upload a photo (multipart), checked by its content
import { z } from '@hono/zod-openapi';
import { MAX_UPLOAD_BYTES, OwnPhotosSchema } from '@/lib/shared/schemas/photos';
import { tooLarge } from '../../../photos/process-photo';
import { uploadPhoto } from '../../../photos/upload-photo';
import { defineRoute } from '../../kit/define-route';

const PhotoUploadSchema = z.object({
  photo: z
    .instanceof(File)
    .openapi({ type: 'string', format: 'binary', description: 'A JPEG, PNG or WebP image' }),
});

export const uploadPhotoRoute = defineRoute('POST /api/photo.php', {
  access: 'member',
  summary: 'Upload a photo',
  body: PhotoUploadSchema,
  bodyType: 'multipart',
  // Room for the multipart envelope around the largest accepted file.
  maxBodyBytes: MAX_UPLOAD_BYTES + 64 * 1024,
  bodyTooLarge: tooLarge,
  response: { status: 201, description: 'The member’s photos after the upload', schema: OwnPhotosSchema },
  errors: ['photo_limit_reached', 'photo_too_large', 'photo_invalid', 'photo_too_many_pixels'],
  handler: async ({ viewer, body }) => {
    if (body.photo.size > MAX_UPLOAD_BYTES) throw tooLarge();
    return uploadPhoto({ userId: viewer.userId, data: Buffer.from(await body.photo.arrayBuffer()) });
  },
});
