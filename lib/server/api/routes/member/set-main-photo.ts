// PUT /api/photo.php: make one of the member's photos the main one
import { OwnPhotosSchema, PhotoActionSchema } from '@/lib/shared/schemas/photos';
import { setMainPhoto } from '../../../photos/set-main-photo';
import { defineRoute } from '../../kit/define-route';

export const setMainPhotoRoute = defineRoute('PUT /api/photo.php', {
  access: 'member',
  summary: 'Make a photo the main one',
  body: PhotoActionSchema,
  response: {
    status: 200,
    description: 'The member’s photos, with this one as main',
    schema: OwnPhotosSchema,
  },
  errors: ['not_found', 'photo_not_approved'],
  handler: ({ viewer, body }) => setMainPhoto({ userId: viewer.userId, photoId: body.id }),
});
