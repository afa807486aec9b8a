import 'server-only';
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { SWIPE_PASS_DAYS, SWIPE_STACK_SIZE, type SwipeStack } from '@/lib/shared/schemas/swipe';
import { getDb, type Db } from '../db/client';
import { likes, swipePasses } from '../db/schema/likes';
import { profiles } from '../db/schema/members';
import { photos } from '../db/schema/photos';
import { regions } from '../db/schema/reference';
import { AppError } from '../errors';
import { soughtGender } from '../members/default-filters';
import { searchCondition } from '../members/member-filters';
import {
  cardColumns,
  searchOrder,
  toMemberCard,
  mainPhotoOfProfile,
  type CardRow,
} from '../members/search-members';
import { viewerCached } from '../members/viewer-caches';
import { countSwipeLikes, swipeDay, swipeLikesLeft, swipePlayer } from './swipe-game';

/**
 * Members the viewer has not swiped yet: not liked (in any way), and not passed within
 * SWIPE_PASS_DAYS. Each NOT EXISTS is one lookup in its table's primary key (viewer, member).
 */
function notSwipedBy(viewerId: number, now: Date): SQL {
  const passedSince = new Date(now.getTime() - SWIPE_PASS_DAYS * 86_400_000);
  return sql`not exists (select 1 from ${likes} where ${likes.likerId} = ${viewerId} and ${likes.likedId} = ${profiles.userId})
    and not exists (select 1 from ${swipePasses} where ${swipePasses.memberId} = ${viewerId} and ${swipePasses.passedId} = ${profiles.userId} and ${swipePasses.passedAt} > ${passedSince})`;
}

/**
 * Up to `limit` cards matching `where`, newest active first. The search order is the order of the
 * profile search indexes: PostgreSQL walks one of them, checks each member with the anti-joins and
 * stops after `limit` of them; only those are joined to their region and main photo.
 */
function stackQuery(db: Db, where: SQL, limit: number) {
  const picked = db.$with('picked').as(
    db
      .select({ userId: profiles.userId, lastActiveAt: profiles.lastActiveAt })
      .from(profiles)
      .where(where)
      .orderBy(...searchOrder)
      .limit(limit),
  );
  return db
    .with(picked)
    .select(cardColumns)
    .from(picked)
    .innerJoin(profiles, eq(profiles.userId, picked.userId))
    .leftJoin(regions, eq(regions.id, profiles.regionId))
    .leftJoin(photos, mainPhotoOfProfile)
    .orderBy(sql`${picked.lastActiveAt} desc nulls last`, sql`${picked.userId} desc nulls last`);
}

/** What a swipe stack is made of, kept per viewer for a short while (see viewer-caches.ts). */
interface SwipeDeal {
  player: NonNullable<Awaited<ReturnType<typeof swipePlayer>>>;
  rows: CardRow[];
  /** Swipe likes the viewer gave since `usedSince` (the start of their swipe day). */
  used: number;
  usedSince: number;
}

/** Reads the stack's cards and today's swipe likes from the database. */
async function dealSwipeStack(
  db: Db,
  userId: number,
  verified: true | undefined,
  now: Date,
): Promise<SwipeDeal> {
  const player = await swipePlayer(db, userId);
  if (!player) throw new AppError('not_found', { log: `swipe: member ${userId} has no profile` });
  const gender = soughtGender(player.gender, player.sexuality) ?? undefined;
  const notSwiped = notSwipedBy(userId, now);
  const day = swipeDay(now, player.country);
  const [home, used] = await Promise.all([
    stackQuery(
      db,
      and(searchCondition({ gender, country: player.country, verified }, userId, now), notSwiped) as SQL,
      SWIPE_STACK_SIZE,
    ).execute(),
    player.isPremium ? 0 : countSwipeLikes(db, userId, day.startsAt),
  ]);
  let rows = home;
  if (home.length < SWIPE_STACK_SIZE) {
    const elsewhere = await stackQuery(
      db,
      and(
        searchCondition({ gender, verified }, userId, now),
        ne(profiles.country, player.country),
        notSwiped,
      ) as SQL,
      SWIPE_STACK_SIZE - home.length,
    ).execute();
    rows = [...home, ...elsewhere];
  }
  return { player, rows, used, usedSince: day.startsAt.getTime() };
}

/**
 * The next cards of a member's swipe stack (the swipe game), with today's likes left. The stack
 * holds the members who fit the viewer — the gender they look for, in their own country, newest
 * active first — whom the viewer has neither liked nor passed lately, with no block either way;
 * when the country runs short, members of that gender elsewhere fill it up. `isVerifiedOnly` deals
 * photo-verified members only. The stack is kept for a short while per viewer and dropped whenever
 * the viewer's profile, likes, passes or blocks change, so asking again costs a lookup.
 */
export async function getSwipeStack(options: {
  userId: number;
  isVerifiedOnly?: boolean;
  now?: Date;
}): Promise<SwipeStack> {
  const now = options.now ?? new Date();
  const { userId } = options;
  const verified = options.isVerifiedOnly ? true : undefined;
  const db = await getDb();
  const deal = await viewerCached(userId, `swipe:${verified ? 'verified' : 'all'}`, now, () =>
    dealSwipeStack(db, userId, verified, now),
  );
  const { player } = deal;
  const day = swipeDay(now, player.country);
  // Past midnight the day's likes are counted anew.
  let used = deal.used;
  if (!player.isPremium && day.startsAt.getTime() !== deal.usedSince) {
    used = await countSwipeLikes(db, userId, day.startsAt);
  }
  return {
    profiles: deal.rows.map((row) => toMemberCard(row, now)),
    likes_left: swipeLikesLeft({ used, isPremium: player.isPremium }),
    resets_at: day.resetsAt.toISOString(),
  };
}
