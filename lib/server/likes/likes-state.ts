import 'server-only';
import { and, count, eq, sql } from 'drizzle-orm';
import { LIKES_STATE_LIMIT, type LikesState } from '@/lib/shared/schemas/likes';
import { getDb } from '../db/client';
import { descIndexed } from '../db/order';
import { likes } from '../db/schema/likes';
import { profiles } from '../db/schema/members';

/** The other member of a like is listed only while others may see them (active and visible). */
const shown = sql`${profiles.status} = 'active' and not ${profiles.invisible}`;

/**
 * The viewer's likes for `GET /api/likes.php`: the newest LIKES_STATE_LIMIT sent likes (with whether
 * each is a match) and received likes (new ones first), and how many received ones are new. Blocks
 * remove likes, so blocked members never appear here.
 */
export async function getLikesState(options: { userId: number }): Promise<LikesState> {
  const { userId } = options;
  const db = await getDb();
  const [sent, received, [newLikes]] = await Promise.all([
    db
      .select({ id: likes.likedId, matchedAt: likes.matchedAt })
      .from(likes)
      .innerJoin(profiles, eq(profiles.userId, likes.likedId))
      .where(and(eq(likes.likerId, userId), shown))
      .orderBy(descIndexed(likes.createdAt), descIndexed(likes.likedId))
      .limit(LIKES_STATE_LIMIT),
    db
      .select({ id: likes.likerId, isNew: likes.isNew })
      .from(likes)
      .innerJoin(profiles, eq(profiles.userId, likes.likerId))
      .where(and(eq(likes.likedId, userId), shown))
      .orderBy(descIndexed(likes.isNew), descIndexed(likes.createdAt), descIndexed(likes.likerId))
      .limit(LIKES_STATE_LIMIT),
    // Each new like looks its liker up by key (a subquery per row): a join lets the planner pick a
    // merge over the whole profiles index for a member with thousands of new likes.
    db
      .select({ n: count() })
      .from(likes)
      .where(
        and(
          eq(likes.likedId, userId),
          eq(likes.isNew, true),
          sql`(select ${shown} from ${profiles} where ${profiles.userId} = ${likes.likerId})`,
        ),
      ),
  ]);
  return {
    profiles: sent.map((row) => ({ id: row.id, match: row.matchedAt !== null })),
    liked_by: received.map((row) => ({ id: row.id, like_new: row.isNew })),
    num_new_likes: newLikes?.n ?? 0,
  };
}
