// DELETE /api/photo.php: delete one of the member's photos
import { OwnPhotosSchema, PhotoActionSchema } from '@/lib/shared/schemas/photos';
import { deletePhoto } from '../../../photos/delete-photo';
import { defineRoute } from '../../kit/define-route';

export const deletePhotoRoute = defineRoute('DELETE /api/photo.php', {
  access: 'member',
  summary: 'Delete a photo',
  body: PhotoActionSchema,
  response: { status: 200, description: 'The member’s photos after the deletion', schema: OwnPhotosSchema },
  errors: ['not_found'],
  handler: ({ viewer, body }) => deletePhoto({ userId: viewer.userId, photoId: body.id }),
});
