import 'server-only';
import { inArray, or } from 'drizzle-orm';
import { getDb } from '../db/client';
import { photos } from '../db/schema/photos';
import { getStorage } from '../storage/get-storage';

/**
 * Deletes stored files that no photos row names any more. Rows may share files (demo members
 * share portraits), so a file goes only with its last row. Call after the rows are deleted.
 */
export async function removeUnreferencedFiles(names: readonly string[]): Promise<void> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return;
  const db = await getDb();
  const still = await db
    .select({ filename: photos.filename, thumbFilename: photos.thumbFilename })
    .from(photos)
    .where(or(inArray(photos.filename, unique), inArray(photos.thumbFilename, unique)));
  const referenced = new Set(still.flatMap((row) => [row.filename, row.thumbFilename]));
  const results = await Promise.allSettled(
    unique.filter((name) => !referenced.has(name)).map((name) => getStorage().delete(name)),
  );
  for (const result of results) {
    if (result.status === 'rejected') console.error('[photos] could not delete a file:', result.reason);
  }
}
