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
import { cardColumns, searchOrder, toMemberCard, mainPhotoOfProfile } from '../members/search-members';
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

/**
 * The next cards of a member's swipe stack (the swipe game), with today's likes left. The stack
 * holds the members who fit the viewer — the gender they look for, in their own country, newest
 * active first — whom the viewer has neither liked nor passed lately, with no block either way;
 * when the country runs short, members of that gender elsewhere fill it up. `isVerifiedOnly` deals
 * photo-verified members only.
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
  const player = await swipePlayer(db, userId);
  if (!player) throw new AppError('not_found', { log: `swipe: member ${userId} has no profile` });
  const gender = soughtGender(player.gender, player.sexuality) ?? undefined;
  const notSwiped = notSwipedBy(userId, now);

  const home = await stackQuery(
    db,
    and(searchCondition({ gender, country: player.country, verified }, userId, now), notSwiped) as SQL,
    SWIPE_STACK_SIZE,
  ).execute();
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

  const day = swipeDay(now, player.country);
  const used = player.isPremium ? 0 : await countSwipeLikes(db, userId, day.startsAt);
  return {
    profiles: rows.map((row) => toMemberCard(row, now)),
    likes_left: swipeLikesLeft({ used, isPremium: player.isPremium }),
    resets_at: day.resetsAt.toISOString(),
  };
}
