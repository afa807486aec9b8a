import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { LIKES_WINDOW_SECONDS, type LikeResponse } from '@/lib/shared/schemas/likes';
import { afterCommit } from '../db/after-commit';
import { database, getDb, type DbOrTx } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { env } from '../env';
import type { LikeSource } from '../db/schema/likes';
import { profiles } from '../db/schema/members';
import { AppError } from '../errors';
import { publishMemberEvents } from '../events/publish-member-events';
import { memberAccess } from '../members/member-access';
import { dropViewerCaches, publishViewerCacheDropsNow } from '../members/viewer-caches';
import { hitRateLimit, memberBudgetKey } from '../security/rate-limit';

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
 * The budget of likes per member and hour (against like spam; the swipe game's daily allowance is
 * its own): spent by `POST /api/like.php` through its route, and by the swipe game's likes.
 */
export const LIKES_BUDGET = {
  name: 'likes',
  limit: () => env().RATE_LIMIT_LIKES_PER_HOUR,
  windowSeconds: LIKES_WINDOW_SECONDS,
} as const;

/** The refusal once a member's likes budget is spent: when to try again, in minutes. */
export function likesLimitReached(retryAfter: number): AppError {
  return new AppError('rate_limited', {
    messageKey: 'likes_limit',
    values: { seconds: retryAfter, minutes: Math.ceil(retryAfter / 60) },
    headers: { 'Retry-After': String(retryAfter) },
  });
}

/** Counts a swipe game's like against LIKES_BUDGET and refuses it when the budget is spent. */
export async function spendLikeBudget(userId: number, now: Date): Promise<void> {
  const limit = await hitRateLimit({
    key: memberBudgetKey(LIKES_BUDGET.name, userId),
    limit: LIKES_BUDGET.limit(),
    windowSeconds: LIKES_BUDGET.windowSeconds,
    now,
  });
  if (!limit.allowed) throw likesLimitReached(limit.retryAfter);
}

/** A like's answer from the database: `like_member` (migration 0030). */
interface LikeOutcome {
  outcome: 'ok' | 'missing' | 'hidden' | 'blocked';
  matched: boolean;
  is_new: boolean;
  liked_event: string | number | null;
  liker_event: string | number | null;
}

/**
 * Once `tx` commits (at once when `tx` is the database itself): drops both members' cached answers
 * (likes, swipe stack, match-finder) here and, by a message sent first, on the other instances; then
 * publishes the `likes-changed` events the statement stored, to this instance's open tabs from
 * memory and to the others over the bus. In this order, so a tab that reads its likes again on
 * hearing the event never gets the answer from before the change.
 */
function afterLikeChange(
  tx: DbOrTx,
  pair: readonly [number, number],
  events: readonly { memberId: number; id: string | number | null }[],
): void {
  const stored = events
    .filter((event): event is { memberId: number; id: string | number } => event.id !== null)
    .map(({ memberId, id }) => ({ id: Number(id), memberId, event: { type: 'likes-changed' as const } }));
  afterCommit(tx, () => {
    dropViewerCaches(...pair);
    publishViewerCacheDropsNow();
    if (stored.length > 0) publishMemberEvents(stored);
  });
}

const LIKE_MEMBER_SQL = `select outcome, matched, is_new, liked_event, liker_event
  from like_member($1::int, $2::int, $3::like_source, $4::timestamptz)`;

const refusals: Record<Exclude<LikeOutcome['outcome'], 'ok'>, string> = {
  missing: 'does not exist',
  hidden: 'is not shown',
  blocked: 'is blocked',
};

/**
 * The like itself, in one statement (`like_member`, migration 0030), in the caller's transaction or
 * on its own: locks the pair, checks the member may be liked (shown, no block either way; the rules
 * of `assertLikeable`), stores the like, makes the match, records the events for both members' open
 * tabs and queues the push. `isNew` is false when the viewer had liked the member before; liking
 * again changes nothing and answers whether the two are a match.
 */
export async function storeLike(
  tx: DbOrTx,
  options: { userId: number; memberId: number; source: LikeSource; now: Date },
): Promise<{ match: boolean; isNew: boolean }> {
  const { userId, memberId, now } = options;
  const handle = await database();
  const values = [userId, memberId, options.source, now.toISOString()] as const;
  // On its own (the like route), a prepared statement; in the caller's transaction, a query of it.
  const [row] =
    tx === handle.db
      ? await handle.prepared<LikeOutcome>('like_member', LIKE_MEMBER_SQL, values)
      : await rowsOf<LikeOutcome>(
          tx,
          sql`select outcome, matched, is_new, liked_event, liker_event from like_member(${values[0]}::int, ${values[1]}::int, ${values[2]}::like_source, ${values[3]}::timestamptz)`,
        );
  if (!row) throw new Error(`like_member answered nothing for ${userId} → ${memberId}`);
  if (row.outcome !== 'ok') throw unavailable(memberId, refusals[row.outcome]);
  afterLikeChange(
    tx,
    [userId, memberId],
    [
      { memberId, id: row.liked_event },
      { memberId: userId, id: row.liker_event },
    ],
  );
  return { match: row.matched, isNew: row.is_new };
}

/**
 * Likes a member. A like of someone who already liked the viewer makes a match; liking again changes
 * nothing and answers as the first time did. Members cannot like themselves, nor members they may
 * not see or that are blocked either way. The caller has spent the member's LIKES_BUDGET (the route
 * does, with the write budget, in one statement).
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
  const db = await getDb();
  const { match } = await storeLike(db, { userId, memberId, source: options.source ?? 'member', now });
  return { match };
}

/**
 * Takes a like back, in one statement (`unlike_member`, migration 0030): a match with that member
 * ends, their like stays; both members' open tabs hear of it. Taking back none is no error.
 */
export async function unlikeMember(options: { userId: number; memberId: number }): Promise<void> {
  const { userId, memberId } = options;
  const db = await getDb();
  const [row] = await rowsOf<{ liked_event: string | number | null; liker_event: string | number | null }>(
    db,
    sql`select liked_event, liker_event from unlike_member(${userId}::int, ${memberId}::int)`,
  );
  afterLikeChange(
    db,
    [userId, memberId],
    [
      { memberId, id: row?.liked_event ?? null },
      { memberId: userId, id: row?.liker_event ?? null },
    ],
  );
}
