import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { OwnPhotos } from '@/lib/shared/schemas/photos';
import { getDb } from '../db/client';
import { photos } from '../db/schema/photos';
import { AppError } from '../errors';
import { listOwnPhotos } from './list-own-photos';
import { settleMainPhoto } from './settle-main-photo';
import { removeUnreferencedFiles } from './photo-files';

/**
 * Deletes one of the member's photos and its files. When it was the main photo, the first shown photo
 * in the member's order becomes main. Another member's photo is not found.
 */
export async function deletePhoto(options: { userId: number; photoId: number }): Promise<OwnPhotos> {
  const { userId, photoId } = options;
  const db = await getDb();
  const deleted = await db.transaction(async (tx) => {
    const [photo] = await tx
      .delete(photos)
      .where(and(eq(photos.id, photoId), eq(photos.userId, userId)))
      .returning();
    if (!photo) throw new AppError('not_found', { log: `member ${userId} has no photo ${photoId}` });
    if (photo.isMain) await settleMainPhoto(tx, userId);
    return photo;
  });
  await removeUnreferencedFiles([deleted.filename, deleted.thumbFilename]);
  return listOwnPhotos({ userId });
}
