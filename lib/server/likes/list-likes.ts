import 'server-only';
import { and, eq, isNotNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { LIKES_PAGE_SIZE, type LikeList, type LikeListType } from '@/lib/shared/schemas/likes';
import { getDb, type Db } from '../db/client';
import { preparedPerDatabase } from '../db/prepared-queries';
import { descIndexed } from '../db/order';
import { likes } from '../db/schema/likes';
import { profiles } from '../db/schema/members';
import { photos } from '../db/schema/photos';
import { regions } from '../db/schema/reference';
import { cardColumns, toMemberCard, mainPhotoOfProfile } from '../members/search-members';

/** Per list: the other member of each like, which likes belong, and their order (one index each). */
function listShape(type: LikeListType, userId: Placeholder): { other: SQL; where: SQL; order: SQL[] } {
  switch (type) {
    case 'received':
      return {
        other: sql`${likes.likerId}`,
        where: eq(likes.likedId, userId),
        order: [descIndexed(likes.isNew), descIndexed(likes.createdAt), descIndexed(likes.likerId)],
      };
    case 'sent':
      return {
        other: sql`${likes.likedId}`,
        where: eq(likes.likerId, userId),
        order: [descIndexed(likes.createdAt), descIndexed(likes.likedId)],
      };
    case 'matches':
      return {
        other: sql`${likes.likedId}`,
        where: and(eq(likes.likerId, userId), isNotNull(likes.matchedAt)) as SQL,
        order: [descIndexed(likes.matchedAt), descIndexed(likes.likedId)],
      };
  }
}

/** Each list's query, built once per database and prepared (parsed and planned once per connection). */
function buildListQuery(db: Db, type: LikeListType) {
  const { other, where, order } = listShape(type, sql.placeholder('userId'));
  return db
    .select({ ...cardColumns, isNew: likes.isNew, createdAt: likes.createdAt, matchedAt: likes.matchedAt })
    .from(likes)
    .innerJoin(profiles, eq(profiles.userId, other))
    .leftJoin(regions, eq(regions.id, profiles.regionId))
    .leftJoin(photos, mainPhotoOfProfile)
    .where(and(where, sql`${profiles.status} = 'active' and not ${profiles.invisible}`))
    .orderBy(...order)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`like_list_${type}`);
}

const listQuery = preparedPerDatabase(buildListQuery);

/**
 * One page of the viewer's received likes (new ones first), sent likes or matches, newest first,
 * as member cards. Members others may not see (invisible, deleted) are left out; blocks have
 * already removed the likes between the two.
 */
export async function listLikes(options: {
  userId: number;
  type: LikeListType;
  page: number;
  now?: Date;
}): Promise<LikeList> {
  const now = options.now ?? new Date();
  const rows = await listQuery(await getDb(), options.type).execute({
    userId: options.userId,
    limit: LIKES_PAGE_SIZE + 1,
    offset: (options.page - 1) * LIKES_PAGE_SIZE,
  });
  return {
    page: {
      pageNumber: options.page,
      results: rows.slice(0, LIKES_PAGE_SIZE).map((row) => ({
        ...toMemberCard(row, now),
        like_new: options.type === 'received' && row.isNew,
        match: row.matchedAt !== null,
        liked_at: (options.type === 'matches' && row.matchedAt ? row.matchedAt : row.createdAt).toISOString(),
      })),
    },
    hasMore: rows.length > LIKES_PAGE_SIZE,
  };
}
