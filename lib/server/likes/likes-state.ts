import 'server-only';
import { sql } from 'drizzle-orm';
import { LIKES_STATE_LIMIT, type LikesState } from '@/lib/shared/schemas/likes';
import { getDb } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { viewerCached } from '../members/viewer-caches';

interface LikesStateRow {
  /** [liked member, is a match] pairs, newest first. */
  sent: [number, boolean][] | string;
  /** [liker, is new] pairs, new ones first, then newest. */
  received: [number, boolean][] | string;
  new_likes: number | string;
}

/** JSON from the database: parsed by the driver, or text where it is not. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * The viewer's likes for `GET /api/likes.php`: the newest LIKES_STATE_LIMIT sent likes (with whether
 * each is a match) and received likes (new ones first), and how many received ones are new. Blocks
 * remove likes, so blocked members never appear here; the other member of a like is listed only while
 * others may see them (active and visible).
 *
 * One statement, one round trip and one connection: each list walks its index (likes_sent_idx,
 * likes_received_idx) in the index's own order and looks each member up by key, stopping at the
 * limit; the count of new likes reads only the new part of likes_received_idx, one key lookup per
 * new like (a subquery per row: a join lets the planner pick a merge over the whole profiles index
 * for a member with thousands of new likes).
 *
 * Every page a member opens asks for it, so the answer is kept per member among their short-lived
 * answers (viewer-caches.ts): dropped on every instance by each like, taken-back like, seen like and
 * block of theirs, by any change (hiding, leaving, a suspension) of a member it lists, and when a
 * member they share a like with is shown again (like-partners.ts).
 */
export function getLikesState(options: { userId: number }): Promise<LikesState> {
  return viewerCached(
    options.userId,
    'likes-state',
    new Date(),
    () => readLikesState(options),
    (state) => [...state.profiles.map((p) => p.id), ...state.liked_by.map((p) => p.id)],
  );
}

/** getLikesState read from the database now (for what must not wait for a drop to arrive: a push). */
export async function readLikesState(options: { userId: number }): Promise<LikesState> {
  const { userId } = options;
  const db = await getDb();
  const [row] = await rowsOf<LikesStateRow>(
    db,
    sql`select
      (select coalesce(json_agg(json_build_array(s.liked_id, s.matched_at is not null)
          order by s.created_at desc nulls last, s.liked_id desc nulls last), '[]'::json)
        from (select l.liked_id, l.matched_at, l.created_at from likes l
          join profiles p on p.user_id = l.liked_id and p.status = 'active' and not p.invisible
          where l.liker_id = ${userId}::int
          order by l.created_at desc nulls last, l.liked_id desc nulls last
          limit ${LIKES_STATE_LIMIT}::int) s) as sent,
      (select coalesce(json_agg(json_build_array(r.liker_id, r.is_new)
          order by r.is_new desc nulls last, r.created_at desc nulls last, r.liker_id desc nulls last), '[]'::json)
        from (select l.liker_id, l.is_new, l.created_at from likes l
          join profiles p on p.user_id = l.liker_id and p.status = 'active' and not p.invisible
          where l.liked_id = ${userId}::int
          order by l.is_new desc nulls last, l.created_at desc nulls last, l.liker_id desc nulls last
          limit ${LIKES_STATE_LIMIT}::int) r) as received,
      (select count(*)::int from likes l
        where l.liked_id = ${userId}::int and l.is_new
          and (select p.status = 'active' and not p.invisible from profiles p where p.user_id = l.liker_id)) as new_likes`,
  );
  return {
    profiles: parsed(row?.sent ?? []).map(([id, match]) => ({ id, match })),
    liked_by: parsed(row?.received ?? []).map(([id, isNew]) => ({ id, like_new: isNew })),
    num_new_likes: Number(row?.new_likes ?? 0),
  };
}
