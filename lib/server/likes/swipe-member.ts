import 'server-only';
import { sql } from 'drizzle-orm';
import { SWIPE_LIKES_PER_DAY, type SwipeAction, type SwipeResponse } from '@/lib/shared/schemas/swipe';
import { getDb, type Tx } from '../db/client';
import { swipePasses } from '../db/schema/likes';
import { AppError } from '../errors';
import { dropViewerCaches } from '../members/viewer-caches';
import { assertLikeable, spendLikeBudget, storeLike } from './like-member';
import { countSwipeLikes, swipeDay, swipeLikesLeft, swipePlayer } from './swipe-game';

/** The refusal once a free member has used today's swipe likes; asks them back at midnight. */
function allowanceUsed(resetsAt: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1_000));
  return new AppError('rate_limited', {
    messageKey: 'swipe_limit',
    values: { count: SWIPE_LIKES_PER_DAY },
    headers: { 'Retry-After': String(seconds) },
    log: 'swipe: daily likes used',
  });
}

/** Serialises one member's swipe likes, so two at the same moment cannot both take the last one. */
async function lockSwipes(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`swipe:${userId}`}, 0))`);
}

/**
 * Plays the card on top of the swipe stack. A like is a normal like (it can make a match) that a
 * free member may give SWIPE_LIKES_PER_DAY times a day, counted from midnight in their country; a
 * pass keeps the member out of the stack for SWIPE_PASS_DAYS. Members who may not be liked (hidden,
 * blocked either way, unknown) are refused alike.
 */
export async function swipeMember(options: {
  userId: number;
  memberId: number;
  action: SwipeAction;
  now?: Date;
}): Promise<SwipeResponse> {
  const { userId, memberId } = options;
  if (memberId === userId) throw new AppError('field_invalid', { field: 'member', messageKey: 'like_self' });
  const now = options.now ?? new Date();
  const db = await getDb();
  const player = await swipePlayer(db, userId);
  if (!player) throw new AppError('not_found', { log: `swipe: member ${userId} has no profile` });
  const day = swipeDay(now, player.country);
  const resets_at = day.resetsAt.toISOString();
  const isPremium = player.isPremium;

  if (options.action === 'pass') {
    const used = await db.transaction(async (tx) => {
      await assertLikeable(tx, userId, memberId);
      await tx
        .insert(swipePasses)
        .values({ memberId: userId, passedId: memberId, passedAt: now })
        .onConflictDoUpdate({ target: [swipePasses.memberId, swipePasses.passedId], set: { passedAt: now } });
      return isPremium ? 0 : countSwipeLikes(tx, userId, day.startsAt);
    });
    // The passed member leaves the viewer's stack.
    dropViewerCaches(userId, memberId);
    return { match: false, likes_left: swipeLikesLeft({ used, isPremium }), resets_at };
  }

  // A member whose likes are used up is told so before the like counts against the hourly ceiling.
  if (!isPremium && (await countSwipeLikes(db, userId, day.startsAt)) >= SWIPE_LIKES_PER_DAY) {
    throw allowanceUsed(day.resetsAt, now);
  }
  await spendLikeBudget(userId, now);
  const answer = await db.transaction(async (tx) => {
    let used = 0;
    if (!isPremium) {
      await lockSwipes(tx, userId);
      used = await countSwipeLikes(tx, userId, day.startsAt);
      if (used >= SWIPE_LIKES_PER_DAY) throw allowanceUsed(day.resetsAt, now);
    }
    // Both members' cached answers are dropped once the like commits.
    const { match, isNew } = await storeLike(tx, { userId, memberId, source: 'swipe', now });
    return { match, likes_left: swipeLikesLeft({ used: used + (isNew ? 1 : 0), isPremium }), resets_at };
  });
  return answer;
}
