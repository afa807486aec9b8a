import 'server-only';
import { FICTIONAL_PHOTO_LIMIT } from '@/lib/shared/schemas/fictional-profiles';
import type { OwnPhotos } from '@/lib/shared/schemas/photos';
import { getDb } from '../db/client';
import { arrangePhotos } from '../photos/arrange-photos';
import { deletePhoto } from '../photos/delete-photo';
import { listOwnPhotos } from '../photos/list-own-photos';
import { setMainPhoto } from '../photos/set-main-photo';
import { getFictionalProfileRowOrThrow } from './get-fictional-profile-row';

/** What to do with a fictional profile's photos. */
export type FictionalPhotoChange =
  | { kind: 'order'; order: readonly number[] }
  | { kind: 'main'; photoId: number }
  | { kind: 'delete'; photoId: number };

/**
 * Orders, picks the main photo of, or deletes a photo of a fictional profile, with the members'
 * own rules (an outdated order is `photos_changed`, another profile's photo is not found, deleting
 * the main photo makes the next one main). Answers the photos before and after, by id.
 */
export async function changeFictionalPhotos(options: {
  profileId: number;
  change: FictionalPhotoChange;
}): Promise<{ before: number[]; photos: OwnPhotos }> {
  const { profileId: userId, change } = options;
  await getFictionalProfileRowOrThrow({ db: await getDb(), id: userId });
  const before = (await listOwnPhotos({ userId })).photos.map((photo) => photo.id);
  const own =
    change.kind === 'order'
      ? await arrangePhotos({ userId, order: change.order })
      : change.kind === 'main'
        ? await setMainPhoto({ userId, photoId: change.photoId })
        : await deletePhoto({ userId, photoId: change.photoId });
  return { before, photos: { ...own, limit: FICTIONAL_PHOTO_LIMIT } };
}
