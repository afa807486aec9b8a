// PUT /api/photos.php: put the member's photos in an order; the first one shown becomes the main photo
import { OwnPhotosSchema, PhotoOrderSchema } from '@/lib/shared/schemas/photos';
import { arrangePhotos } from '../../../photos/arrange-photos';
import { defineRoute } from '../../kit/define-route';

export const arrangePhotosRoute = defineRoute('PUT /api/photos.php', {
  access: 'member',
  summary: 'Put the photos in an order',
  body: PhotoOrderSchema,
  response: { status: 200, description: 'The member’s photos in the new order', schema: OwnPhotosSchema },
  errors: ['photos_changed'],
  handler: ({ viewer, body }) => arrangePhotos({ userId: viewer.userId, order: body.order }),
});
