// GET /api/photos.php: the member's own photos and their limit
import { OwnPhotosSchema } from '@/lib/shared/schemas/photos';
import { listOwnPhotos } from '../../../photos/list-own-photos';
import { defineRoute } from '../../kit/define-route';

export const listOwnPhotosRoute = defineRoute('GET /api/photos.php', {
  access: 'member',
  summary: 'The member’s photos',
  response: { status: 200, description: 'The member’s photos and limit', schema: OwnPhotosSchema },
  handler: ({ viewer }) => listOwnPhotos({ userId: viewer.userId }),
});
