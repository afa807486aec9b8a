import 'server-only';
import { mainPhotoOfProfile } from '../members/search-members';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { LikerProfile } from '@/lib/shared/schemas/likes';
import { AUTO_LIKE_WINDOW_SECONDS } from '@/lib/shared/values/likes';
import { afterCommit } from '../db/after-commit';
import { getDb, type Tx } from '../db/client';
import { descIndexed } from '../db/order';
import { likes } from '../db/schema/likes';
import { profiles } from '../db/schema/members';
import { photos } from '../db/schema/photos';
import { AppError } from '../errors';
import { recordMemberEvent } from '../events/member-events';
import { soughtGender } from '../members/default-filters';
import { ageOn, notBlockedFor, visibleProfile } from '../members/member-filters';
import { lockPair } from '../members/pair-lock';
import { dropViewerCaches } from '../members/viewer-caches';
import { hitRateLimit } from '../security/rate-limit';

/** Auto-like picks among this many of the most recently active members who fit. */
const CANDIDATES = 20;

const none = (why: string) =>
  new AppError('not_found', { messageKey: 'no_auto_like', log: `auto-like: ${why}` });

/** The liker as the like modal shows them: main photo under the CDN prefix, name, age, fictional. */
async function likerProfile(
  tx: Tx,
  likerId: number,
  cdnPrefix: string,
  now: Date,
): Promise<LikerProfile | null> {
  const [row] = await tx
    .select({
      id: profiles.userId,
      name: profiles.name,
      dateOfBirth: profiles.dateOfBirth,
      fictional: profiles.fictional,
      filename: photos.filename,
    })
    .from(profiles)
    .leftJoin(photos, mainPhotoOfProfile)
    .where(and(eq(profiles.userId, likerId), visibleProfile));
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.dateOfBirth, now),
    fictional: row.fictional,
    main_image: row.filename ? { match: `${cdnPrefix}${row.filename}` } : null,
  };
}

/**
 * Auto-like (spec §2, §4): a member who fits the viewer's search (the gender they look for, in their
 * country) likes the viewer, and the like modal shows who. The like is a real one, with source
 * `auto`, and counts like any other. A viewer gets at most one auto-like a day (UTC), counted apart
 * from the like so a like that ended (a block) does not make room for another; asking again that day
 * answers the same liker while their like stands (so a reload shows the same modal), else nobody. Never from a member blocked either way, from one the viewer has liked or who already
 * likes them, or from anyone others may not see; fictional profiles may like, and say so. Answers
 * `not_found` when nobody fits.
 */
export async function autoLike(options: {
  userId: number;
  cdnPrefix: string;
  now?: Date;
}): Promise<LikerProfile> {
  const { userId, cdnPrefix } = options;
  const now = options.now ?? new Date();
  const db = await getDb();
  const liker = await db.transaction(async (tx) => {
    // One auto-like at a time per viewer: two calls at once cannot both like.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`auto-like:${userId}`}, 0))`);
    const [viewer] = await tx
      .select({ gender: profiles.gender, sexuality: profiles.sexuality, country: profiles.country })
      .from(profiles)
      .where(and(eq(profiles.userId, userId), visibleProfile));
    if (!viewer) throw none(`viewer ${userId} is not shown to others`);

    const windowMs = AUTO_LIKE_WINDOW_SECONDS * 1_000;
    const since = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
    const [recent] = await tx
      .select({ likerId: likes.likerId })
      .from(likes)
      .where(and(eq(likes.likedId, userId), eq(likes.source, 'auto'), gte(likes.createdAt, since)))
      .orderBy(desc(likes.createdAt))
      .limit(1);
    if (recent) {
      const again = await likerProfile(tx, recent.likerId, cdnPrefix, now);
      if (again) return again;
    }
    // Today's one, whether or not its like still stands; counted for every instance.
    const today = await hitRateLimit({
      key: `auto-like:${userId}`,
      limit: 1,
      windowSeconds: AUTO_LIKE_WINDOW_SECONDS,
      now,
      db: tx,
    });
    if (!today.allowed) throw none(`viewer ${userId} had today's auto-like`);

    const gender = soughtGender(viewer.gender, viewer.sexuality);
    const candidates = await tx
      .select({ id: profiles.userId })
      .from(profiles)
      .where(
        and(
          visibleProfile,
          gender ? eq(profiles.gender, gender) : undefined,
          eq(profiles.country, viewer.country),
          notBlockedFor(userId),
          sql`not exists (select 1 from ${likes} where ${likes.likerId} = ${profiles.userId} and ${likes.likedId} = ${userId})`,
          sql`not exists (select 1 from ${likes} where ${likes.likerId} = ${userId} and ${likes.likedId} = ${profiles.userId})`,
          sql`exists (select 1 from ${photos} where ${photos.userId} = ${profiles.userId} and ${photos.isMain} and ${photos.status} = 'active')`,
        ),
      )
      .orderBy(descIndexed(profiles.lastActiveAt), descIndexed(profiles.userId))
      .limit(CANDIDATES);
    const picked = candidates[Math.floor(Math.random() * candidates.length)];
    if (!picked) throw none(`nobody fits viewer ${userId}`);

    await lockPair(tx, userId, picked.id);
    // Both members' cached answers go once the like commits, before their tabs hear of it.
    const pickedId = picked.id;
    afterCommit(tx, () => dropViewerCaches(userId, pickedId));
    const inserted = await tx
      .insert(likes)
      .values({ likerId: picked.id, likedId: userId, source: 'auto', createdAt: now })
      .onConflictDoNothing()
      .returning({ likerId: likes.likerId });
    // The member's other open tabs hear of the like once it commits.
    if (inserted.length) await recordMemberEvent(tx, userId, { type: 'likes-changed' });
    // A like the viewer gave in the meantime makes this a match, as any like back does.
    const [reverse] = await tx
      .select({ matchedAt: likes.matchedAt })
      .from(likes)
      .where(and(eq(likes.likerId, userId), eq(likes.likedId, picked.id)));
    if (reverse && !reverse.matchedAt) {
      await tx
        .update(likes)
        .set({ matchedAt: now })
        .where(
          sql`(${likes.likerId} = ${userId} and ${likes.likedId} = ${picked.id}) or (${likes.likerId} = ${picked.id} and ${likes.likedId} = ${userId})`,
        );
      // The liker sees the match too.
      await recordMemberEvent(tx, picked.id, { type: 'likes-changed' });
    }
    const found = await likerProfile(tx, picked.id, cdnPrefix, now);
    if (!found) throw none(`liker ${picked.id} vanished`);
    return found;
  });
  return liker;
}
