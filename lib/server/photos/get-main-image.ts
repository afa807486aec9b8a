import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ImageSchema } from '@/lib/shared/schemas/user';
import { getDb } from '../db/client';
import { photos } from '../db/schema/photos';

export type Image = z.infer<typeof ImageSchema>;

/** The member's main photo when it is active, as `profile.main_image` shows it; null otherwise. */
export async function getMainImage(options: { userId: number }): Promise<Image | null> {
  const db = await getDb();
  const [row] = await db
    .select({ filename: photos.filename, thumbFilename: photos.thumbFilename, status: photos.status })
    .from(photos)
    .where(and(eq(photos.userId, options.userId), eq(photos.isMain, true), eq(photos.status, 'active')))
    .limit(1);
  return row ? { filename: row.filename, thumb_filename: row.thumbFilename, status: row.status } : null;
}
