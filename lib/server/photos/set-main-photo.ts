import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { OwnPhotos } from '@/lib/shared/schemas/photos';
import { getDb } from '../db/client';
import { photos } from '../db/schema/photos';
import { AppError } from '../errors';
import { listOwnPhotos } from './list-own-photos';
import { settleMainPhoto } from './settle-main-photo';

/**
 * Makes one of the member's photos their main photo; another member's photo is not found, and one
 * that waits for a moderator (or was hidden by one) cannot be main: others would see no photo.
 */
export async function setMainPhoto(options: { userId: number; photoId: number }): Promise<OwnPhotos> {
  const { userId, photoId } = options;
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [photo] = await tx
      .select({ id: photos.id, isMain: photos.isMain, status: photos.status })
      .from(photos)
      .where(and(eq(photos.id, photoId), eq(photos.userId, userId)))
      .for('update');
    if (!photo) throw new AppError('not_found', { log: `member ${userId} has no photo ${photoId}` });
    if (photo.isMain) return;
    if (photo.status !== 'active') {
      throw new AppError('photo_not_approved', {
        log: `member ${userId} photo ${photoId} is ${photo.status}`,
      });
    }
    await settleMainPhoto(tx, userId, photoId);
  });
  return listOwnPhotos({ userId });
}
