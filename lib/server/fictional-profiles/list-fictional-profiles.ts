import 'server-only';
import { and, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  FICTIONAL_PAGE_SIZE,
  type FictionalList,
  type FictionalListQuery,
} from '@/lib/shared/schemas/fictional-profiles';
import { MAX_ROW_ID } from '@/lib/shared/schemas/ids';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { profiles } from '../db/schema/members';
import { photos } from '../db/schema/photos';
import { regions } from '../db/schema/reference';
import { ageOn } from '../members/member-filters';
import { getSettings } from '../settings/get-settings';

/** `%`, `_` and `\` stand for themselves in a name search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The fictional profiles, newest first, a page at a time: found by part of the name or by id, each
 * with its main photo, age, place, status, photo count and the conversations members have had with
 * it (and how many of those wait for an answer).
 */
export async function listFictionalProfiles(options: {
  query: FictionalListQuery;
  now?: Date;
}): Promise<FictionalList> {
  const { page } = options.query;
  const q = options.query.q?.trim() ?? '';
  const now = options.now ?? new Date();
  const id = /^\d+$/.test(q) ? Number(q) : null;
  const search: SQL | undefined = q
    ? or(
        ilike(profiles.name, likePattern(q)),
        id !== null && id <= MAX_ROW_ID ? eq(profiles.userId, id) : undefined,
      )
    : undefined;
  const where = and(
    eq(profiles.fictional, true),
    ne(profiles.status, 'deleted'),
    isNull(users.deletedAt),
    search,
  );
  const db = await getDb();
  const [settings, rows, [total]] = await Promise.all([
    getSettings({ host: null, locale: 'en' }),
    db
      .select({
        profile: profiles,
        region: regions.name,
        mainFile: photos.filename,
        mainThumb: photos.thumbFilename,
        mainStatus: photos.status,
        photoCount:
          sql<number>`(select count(*) from ${photos} p where p.user_id = ${profiles.userId})`.mapWith(
            Number,
          ),
        conversations: sql<number>`(select count(*) from conversation_members cm
          where cm.member_id = ${profiles.userId})`.mapWith(Number),
        waiting: sql<number>`(select count(*) from conversation_members cm
          where cm.member_id = ${profiles.userId} and cm.unread_count > 0)`.mapWith(Number),
      })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .leftJoin(regions, eq(regions.id, profiles.regionId))
      .leftJoin(photos, and(eq(photos.userId, profiles.userId), eq(photos.isMain, true)))
      .where(where)
      .orderBy(desc(profiles.userId))
      .limit(FICTIONAL_PAGE_SIZE)
      .offset((page - 1) * FICTIONAL_PAGE_SIZE),
    db.select({ count: count() }).from(profiles).innerJoin(users, eq(users.id, profiles.userId)).where(where),
  ]);
  return {
    profiles: rows.map((row) => ({
      id: row.profile.userId,
      name: row.profile.name,
      age: ageOn(row.profile.dateOfBirth, now),
      gender: row.profile.gender === 'male' || row.profile.gender === 'female' ? row.profile.gender : null,
      country: row.profile.country,
      region: row.region,
      city: row.profile.city,
      status: row.profile.status,
      fictional: row.profile.fictional,
      main_image:
        row.mainFile && row.mainThumb && row.mainStatus
          ? { filename: row.mainFile, thumb_filename: row.mainThumb, status: row.mainStatus }
          : null,
      photos: row.photoCount,
      conversations: row.conversations,
      waiting: row.waiting,
    })),
    total: total?.count ?? 0,
    cdn_prefix: settings.cdn_prefix,
    page,
    pageSize: FICTIONAL_PAGE_SIZE,
  };
}
