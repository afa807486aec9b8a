import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { OwnPhotos } from '@/lib/shared/schemas/photos';
import { getDb } from '../db/client';
import { photos } from '../db/schema/photos';
import { AppError } from '../errors';
import { listOwnPhotos } from './list-own-photos';
import { settleMainPhoto } from './settle-main-photo';

/**
 * Puts the member's photos in the given order; the first one others can see becomes the main photo
 * (a photo waiting for a moderator cannot be main while a shown one exists). The order must name
 * each of the member's photos exactly once: a list made before a photo was added or deleted elsewhere
 * (or naming anyone else's photo) changes nothing and is answered `photos_changed`.
 */
export async function arrangePhotos(options: {
  userId: number;
  order: readonly number[];
}): Promise<OwnPhotos> {
  const { userId, order } = options;
  const db = await getDb();
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: photos.id })
      .from(photos)
      .where(eq(photos.userId, userId))
      .for('update');
    const owned = new Set(rows.map((row) => row.id));
    const named = new Set(order);
    if (named.size !== order.length || named.size !== owned.size || order.some((id) => !owned.has(id))) {
      throw new AppError('photos_changed', { log: `member ${userId} sent an outdated photo order` });
    }
    // The main place goes to the first shown photo of the new order.
    const ids = sql.raw(`ARRAY[${order.map((id) => Number(id)).join(',')}]::int[]`);
    await tx
      .update(photos)
      .set({ position: sql`array_position(${ids}, ${photos.id}) - 1`, isMain: false })
      .where(eq(photos.userId, userId));
    await settleMainPhoto(tx, userId);
  });
  return listOwnPhotos({ userId });
}
