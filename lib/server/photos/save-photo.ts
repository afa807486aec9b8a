import 'server-only';
import { and, count, eq, isNull, max } from 'drizzle-orm';
import { photoLimit, type OwnPhoto } from '@/lib/shared/schemas/photos';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { photos } from '../db/schema/photos';
import { sites } from '../db/schema/reference';
import { queueModerationItem } from '../moderation/queue-moderation-item';
import { settleVerifiedBadge } from '../verification/settle-verified-badge';
import { AppError } from '../errors';
import { getStorage } from '../storage/get-storage';
import { toOwnPhoto } from './own-photo';
import { newPhotoNames, processPhoto, type PhotoNames, type ProcessedPhoto } from './process-photo';

const limitReached = (limit: number) =>
  new AppError('photo_limit_reached', { log: `photo limit ${limit} reached`, values: { limit } });

/** The member's photo count and limit, or null when there is no such (living) member. */
async function photoQuota(
  userId: number,
  fixedLimit?: number,
): Promise<{ count: number; limit: number } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ paidUser: users.paidUser, count: count(photos.id) })
    .from(users)
    .leftJoin(photos, eq(photos.userId, users.id))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .groupBy(users.id);
  return row ? { count: row.count, limit: fixedLimit ?? photoLimit(row.paidUser) } : null;
}

async function storeFiles(names: PhotoNames, processed: ProcessedPhoto): Promise<void> {
  try {
    await getStorage().put(names.filename, processed.main, 'image/jpeg');
    await getStorage().put(names.thumbFilename, processed.thumb, 'image/jpeg');
  } catch (error) {
    await removeFiles(names);
    throw error;
  }
}

async function removeFiles(names: PhotoNames): Promise<void> {
  await Promise.allSettled([getStorage().delete(names.filename), getStorage().delete(names.thumbFilename)]);
}

/**
 * Adds a photo to a member: checks and re-encodes the image (see `processPhoto`), stores the main
 * image and thumbnail, and records the row. The member's row is locked while the limit is checked,
 * so parallel uploads cannot pass it; the first photo becomes the main one. `limit` replaces the
 * member's own limit (fictional profiles hold as many as premium members); `ignoreLimit` is for
 * demo data.
 */
export async function savePhoto(options: {
  userId: number;
  data: Buffer;
  now?: Date;
  limit?: number;
  ignoreLimit?: boolean;
  /**
   * A member's own upload: it enters the moderation queue and, on a site with photo pre-moderation,
   * waits hidden (pending) until a moderator approves it. Demo data is not moderated.
   */
  isModerated?: boolean;
}): Promise<OwnPhoto> {
  const { userId, ignoreLimit = false, isModerated = false } = options;
  const now = options.now ?? new Date();
  const quota = await photoQuota(userId, options.limit);
  if (!quota) throw new AppError('not_found', { log: `no member ${userId} for a photo` });
  // Cheap early answer before the image work; the check that counts is the locked one below.
  if (!ignoreLimit && quota.count >= quota.limit) throw limitReached(quota.limit);

  const processed = await processPhoto({ data: options.data });
  const names = newPhotoNames();
  await storeFiles(names, processed);

  try {
    const db = await getDb();
    const row = await db.transaction(async (tx) => {
      const [member] = await tx
        .select({ paidUser: users.paidUser, siteId: users.siteId, isPremoderated: sites.photoPremoderation })
        .from(users)
        .innerJoin(sites, eq(sites.id, users.siteId))
        .where(eq(users.id, userId))
        .for('update', { of: users });
      if (!member) throw new AppError('not_found', { log: `member ${userId} went away` });
      const [current] = await tx
        .select({ count: count(photos.id), lastPosition: max(photos.position) })
        .from(photos)
        .where(eq(photos.userId, userId));
      const taken = current?.count ?? 0;
      const limit = options.limit ?? photoLimit(member.paidUser);
      if (!ignoreLimit && taken >= limit) throw limitReached(limit);
      const [mainPhoto] = await tx
        .select({ id: photos.id })
        .from(photos)
        .where(and(eq(photos.userId, userId), eq(photos.isMain, true)));
      const [inserted] = await tx
        .insert(photos)
        .values({
          userId,
          filename: names.filename,
          thumbFilename: names.thumbFilename,
          width: processed.width,
          height: processed.height,
          bytes: processed.main.length,
          status: isModerated && member.isPremoderated ? 'pending' : 'active',
          isMain: !mainPhoto,
          position: (current?.lastPosition ?? -1) + 1,
          createdAt: now,
        })
        .returning();
      if (!inserted) throw new Error('photo insert returned no row');
      if (isModerated) {
        await queueModerationItem(tx, {
          kind: 'photo',
          photoId: inserted.id,
          memberId: userId,
          siteId: member.siteId,
          now,
        });
      }
      // A first main photo after none: the verified badge follows it.
      if (!mainPhoto) await settleVerifiedBadge(tx, userId, { now });
      return inserted;
    });
    return toOwnPhoto(row);
  } catch (error) {
    await removeFiles(names);
    throw error;
  }
}
