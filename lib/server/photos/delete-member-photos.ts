import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { photos } from '../db/schema/photos';
import { removeUnreferencedFiles } from './photo-files';

/** Deletes every photo of a member and their files (when purging an account). Returns how many. */
export async function deleteMemberPhotos(options: { userId: number }): Promise<number> {
  const db = await getDb();
  const deleted = await db
    .delete(photos)
    .where(eq(photos.userId, options.userId))
    .returning({ filename: photos.filename, thumbFilename: photos.thumbFilename });
  await removeUnreferencedFiles(deleted.flatMap((row) => [row.filename, row.thumbFilename]));
  return deleted.length;
}
