// PUT /api/operator/profile-photos.php: order a fictional profile's photos (the first is the main one)
import { FictionalPhotoOrderSchema } from '@/lib/shared/schemas/fictional-profiles';
import { OwnPhotosSchema } from '@/lib/shared/schemas/photos';
import { changeFictionalPhotos } from '../../../fictional-profiles/change-fictional-photos';
import { defineRoute } from '../../kit/define-route';

const answer = {
  status: 200,
  description: 'The profile’s photos as they are now',
  schema: OwnPhotosSchema,
} as const;

export const arrangeFictionalPhotosRoute = defineRoute('PUT /api/operator/profile-photos.php', {
  access: 'operator',
  roles: ['chat_operator'],
  summary: 'Order a fictional profile’s photos',
  body: FictionalPhotoOrderSchema,
  response: answer,
  errors: ['not_found', 'photos_changed'],
  handler: async ({ body, audit }) => {
    const { before, photos } = await changeFictionalPhotos({
      profileId: body.profile,
      change: { kind: 'order', order: body.order },
    });
    audit({
      action: 'fictional_profile.photo_order',
      subject: { type: 'member', id: body.profile },
      before: { order: before },
      after: { order: photos.photos.map((photo) => photo.id) },
    });
    return photos;
  },
});
