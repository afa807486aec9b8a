// PUT /api/operator/profile-photo.php: make one of a fictional profile's photos the main one
import { FictionalPhotoActionSchema } from '@/lib/shared/schemas/fictional-profiles';
import { OwnPhotosSchema } from '@/lib/shared/schemas/photos';
import { changeFictionalPhotos } from '../../../fictional-profiles/change-fictional-photos';
import { defineRoute } from '../../kit/define-route';

const answer = {
  status: 200,
  description: 'The profile’s photos as they are now',
  schema: OwnPhotosSchema,
} as const;

export const setFictionalMainPhotoRoute = defineRoute('PUT /api/operator/profile-photo.php', {
  access: 'operator',
  roles: ['chat_operator'],
  summary: 'Make a photo the fictional profile’s main photo',
  body: FictionalPhotoActionSchema,
  response: answer,
  errors: ['not_found'],
  handler: async ({ body, audit }) => {
    const { before, photos } = await changeFictionalPhotos({
      profileId: body.profile,
      change: { kind: 'main', photoId: body.id },
    });
    audit({
      action: 'fictional_profile.photo_main',
      subject: { type: 'member', id: body.profile },
      before: { main: before[0] ?? null },
      after: { main: body.id },
    });
    return photos;
  },
});
