import 'server-only';
import { asc, desc, eq } from 'drizzle-orm';
import { photoLimit, type OwnPhotos } from '@/lib/shared/schemas/photos';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { photos } from '../db/schema/photos';
import { AppError } from '../errors';
import { toOwnPhoto } from './own-photo';

/** The member's own photos (main first, then in upload order) and how many they may have. */
export async function listOwnPhotos(options: { userId: number }): Promise<OwnPhotos> {
  const db = await getDb();
  const [member] = await db
    .select({ paidUser: users.paidUser })
    .from(users)
    .where(eq(users.id, options.userId));
  if (!member) throw new AppError('not_found', { log: `no member ${options.userId}` });
  const rows = await db
    .select()
    .from(photos)
    .where(eq(photos.userId, options.userId))
    .orderBy(desc(photos.isMain), asc(photos.position), asc(photos.id));
  return { photos: rows.map(toOwnPhoto), limit: photoLimit(member.paidUser) };
}
