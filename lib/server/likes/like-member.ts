import 'server-only';
import { and, eq, or } from 'drizzle-orm';
import { LIKES_WINDOW_SECONDS, type LikeResponse } from '@/lib/shared/schemas/likes';
import { getDb, type DbOrTx, type Tx } from '../db/client';
import { env } from '../env';
import { likes, type LikeSource } from '../db/schema/likes';
import { profiles } from '../db/schema/members';
import { AppError } from '../errors';
import { recordMemberEvent } from '../events/member-events';
import { memberAccess } from '../members/member-access';
import { lockPair } from '../members/pair-lock';
import { queueMemberNotification } from '../notifications/queue-member-notification';
import { hitRateLimit } from '../security/rate-limit';

/** The refusal for a member the viewer may not like: the same for hidden, blocked and unknown ones. */
const unavailable = (memberId: number, why: string) =>
  new AppError('not_found', { messageKey: 'member_unavailable', log: `like: member ${memberId} ${why}` });

/** Whether the viewer may like (or pass) the member: shown to them, and no block either way. */
export async function assertLikeable(tx: DbOrTx, userId: number, memberId: number): Promise<void> {
  const [profile] = await tx
    .select({ status: profiles.status, invisible: profiles.invisible })
    .from(profiles)
    .where(eq(profiles.userId, memberId));
  if (!profile) throw unavailable(memberId, 'does not exist');
  const access = await memberAccess(tx, { memberId, viewerId: userId, profile });
  if (!access.shown) throw unavailable(memberId, 'is not shown');
  if (access.blockedByMember || access.blockedByViewer) throw unavailable(memberId, 'is blocked');
}

/**
 * Counts a like against the member's hourly ceiling (against like spam; the swipe game's daily
 * allowance is its own), and refuses it when the ceiling is reached.
 */
export async function spendLikeBudget(userId: number, now: Date): Promise<void> {
  const limit = await hitRateLimit({
    key: `likes:${userId}`,
    limit: env().RATE_LIMIT_LIKES_PER_HOUR,
    windowSeconds: LIKES_WINDOW_SECONDS,
    now,
  });
  if (!limit.allowed) {
    throw new AppError('rate_limited', {
      messageKey: 'likes_limit',
      values: { seconds: limit.retryAfter, minutes: Math.ceil(limit.retryAfter / 60) },
      headers: { 'Retry-After': String(limit.retryAfter) },
    });
  }
}

/**
 * The like itself, in the caller's transaction: locks the pair, checks the member may be liked,
 * stores the like and makes the match. `isNew` is false when the viewer had liked the member before.
 */
export async function storeLike(
  tx: Tx,
  options: { userId: number; memberId: number; source: LikeSource; now: Date },
): Promise<{ match: boolean; isNew: boolean }> {
  const { userId, memberId, now } = options;
  await lockPair(tx, userId, memberId);
  await assertLikeable(tx, userId, memberId);
  const inserted = await tx
    .insert(likes)
    .values({ likerId: userId, likedId: memberId, source: options.source, createdAt: now })
    .onConflictDoNothing()
    .returning({ likerId: likes.likerId });
  const isNew = inserted.length > 0;
  // The liked member's open tabs hear of the like once it commits.
  if (isNew) await recordMemberEvent(tx, memberId, { type: 'likes-changed' });
  const [reverse] = await tx
    .select({ matchedAt: likes.matchedAt })
    .from(likes)
    .where(and(eq(likes.likerId, memberId), eq(likes.likedId, userId)));
  if (!isNew) return { match: reverse?.matchedAt != null, isNew };
  if (reverse) {
    await tx.update(likes).set({ matchedAt: now }).where(pairCondition(userId, memberId));
    // A match shows in the liker's other tabs too.
    await recordMemberEvent(tx, userId, { type: 'likes-changed' });
  }
  // The liked member hears of the like, or of the match, while away (push), once this commits.
  await queueMemberNotification(tx, {
    kind: reverse ? 'match' : 'like',
    recipientId: memberId,
    actorId: userId,
  });
  return { match: Boolean(reverse), isNew };
}

/**
 * Likes a member. A like of someone who already liked the viewer makes a match; liking again changes
 * nothing and answers as the first time did. Members cannot like themselves, nor members they may
 * not see or that are blocked either way.
 */
export async function likeMember(options: {
  userId: number;
  memberId: number;
  source?: LikeSource;
  now?: Date;
}): Promise<LikeResponse> {
  const { userId, memberId } = options;
  if (memberId === userId) throw new AppError('field_invalid', { field: 'member', messageKey: 'like_self' });
  const now = options.now ?? new Date();
  await spendLikeBudget(userId, now);
  const db = await getDb();
  const { match } = await db.transaction((tx) =>
    storeLike(tx, { userId, memberId, source: options.source ?? 'member', now }),
  );
  return { match };
}

/** Takes a like back; a match with that member ends, their like stays. Taking back none is no error. */
export async function unlikeMember(options: { userId: number; memberId: number }): Promise<void> {
  const { userId, memberId } = options;
  const db = await getDb();
  await db.transaction(async (tx) => {
    await lockPair(tx, userId, memberId);
    const removed = await tx
      .delete(likes)
      .where(and(eq(likes.likerId, userId), eq(likes.likedId, memberId)))
      .returning({ matchedAt: likes.matchedAt });
    if (!removed.length) return;
    // The member no longer sees the like; a match that ended goes from the viewer's other tabs too.
    await recordMemberEvent(tx, memberId, { type: 'likes-changed' });
    if (removed[0]?.matchedAt) {
      await tx
        .update(likes)
        .set({ matchedAt: null })
        .where(and(eq(likes.likerId, memberId), eq(likes.likedId, userId)));
      await recordMemberEvent(tx, userId, { type: 'likes-changed' });
    }
  });
}

/** Both likes between two members. */
function pairCondition(a: number, b: number) {
  return or(and(eq(likes.likerId, a), eq(likes.likedId, b)), and(eq(likes.likerId, b), eq(likes.likedId, a)));
}
