// DELETE /api/operator/profile-photo.php: delete one of a fictional profile's photos
import { FictionalPhotoActionSchema } from '@/lib/shared/schemas/fictional-profiles';
import { OwnPhotosSchema } from '@/lib/shared/schemas/photos';
import { changeFictionalPhotos } from '../../../fictional-profiles/change-fictional-photos';
import { defineRoute } from '../../kit/define-route';

const answer = {
  status: 200,
  description: 'The profile’s photos as they are now',
  schema: OwnPhotosSchema,
} as const;

export const deleteFictionalPhotoRoute = defineRoute('DELETE /api/operator/profile-photo.php', {
  access: 'operator',
  roles: ['chat_operator'],
  summary: 'Delete a fictional profile’s photo',
  body: FictionalPhotoActionSchema,
  response: answer,
  errors: ['not_found'],
  handler: async ({ body, audit }) => {
    const { before, photos } = await changeFictionalPhotos({
      profileId: body.profile,
      change: { kind: 'delete', photoId: body.id },
    });
    audit({
      action: 'fictional_profile.photo_delete',
      subject: { type: 'member', id: body.profile },
      before: { photos: before },
      after: { photos: photos.photos.map((photo) => photo.id), deleted: body.id },
    });
    return photos;
  },
});
