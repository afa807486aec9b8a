import 'server-only';
import { FICTIONAL_PHOTO_LIMIT } from '@/lib/shared/schemas/fictional-profiles';
import type { OwnPhoto, OwnPhotos } from '@/lib/shared/schemas/photos';
import { getDb } from '../db/client';
import { listOwnPhotos } from '../photos/list-own-photos';
import { savePhoto } from '../photos/save-photo';
import { getFictionalProfileRowOrThrow } from './get-fictional-profile-row';

/**
 * Adds a photo to a fictional profile through the members' pipeline (checked by content,
 * re-encoded without metadata, main image and thumbnail stored), up to the premium members' limit.
 * Answers the new photo and the profile's photos.
 */
export async function uploadFictionalPhoto(options: {
  profileId: number;
  data: Buffer;
  now?: Date;
}): Promise<{ photo: OwnPhoto; photos: OwnPhotos }> {
  const { profileId } = options;
  await getFictionalProfileRowOrThrow({ db: await getDb(), id: profileId });
  const photo = await savePhoto({
    userId: profileId,
    data: options.data,
    now: options.now,
    limit: FICTIONAL_PHOTO_LIMIT,
  });
  const own = await listOwnPhotos({ userId: profileId });
  return { photo, photos: { ...own, limit: FICTIONAL_PHOTO_LIMIT } };
}
