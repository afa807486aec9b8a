// POST /api/operator/profile-photo.php?profile=: add a photo to a fictional profile (multipart)
import { z } from '@hono/zod-openapi';
import { FictionalPhotoUploadQuerySchema } from '@/lib/shared/schemas/fictional-profiles';
import { MAX_UPLOAD_BYTES, OwnPhotosSchema } from '@/lib/shared/schemas/photos';
import { uploadFictionalPhoto } from '../../../fictional-profiles/upload-fictional-photo';
import { tooLarge } from '../../../photos/process-photo';
import { defineRoute } from '../../kit/define-route';

const PhotoUploadSchema = z.object({
  photo: z
    .instanceof(File)
    .openapi({ type: 'string', format: 'binary', description: 'A JPEG, PNG or WebP image' }),
});

export const uploadFictionalPhotoRoute = defineRoute('POST /api/operator/profile-photo.php', {
  access: 'operator',
  roles: ['chat_operator'],
  summary: 'Add a photo to a fictional profile',
  query: FictionalPhotoUploadQuerySchema,
  body: PhotoUploadSchema,
  bodyType: 'multipart',
  // Room for the multipart envelope around the largest accepted file.
  maxBodyBytes: MAX_UPLOAD_BYTES + 64 * 1024,
  bodyTooLarge: tooLarge,
  response: { status: 201, description: 'The profile’s photos after the upload', schema: OwnPhotosSchema },
  errors: ['not_found', 'photo_limit_reached', 'photo_too_large', 'photo_invalid', 'photo_too_many_pixels'],
  handler: async ({ query, body, audit }) => {
    if (body.photo.size > MAX_UPLOAD_BYTES) throw tooLarge();
    const { photo, photos } = await uploadFictionalPhoto({
      profileId: query.profile,
      data: Buffer.from(await body.photo.arrayBuffer()),
    });
    audit({
      action: 'fictional_profile.photo_add',
      subject: { type: 'member', id: query.profile },
      before: null,
      after: { photo: photo.id, filename: photo.image.filename },
    });
    return photos;
  },
});
