import 'server-only';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  MAX_SEARCH_PAGE,
  SEARCH_COUNT_CAP,
  SEARCH_PAGE_SIZE,
  SIMILAR_RESULTS_BELOW,
  type MemberCard,
  type SearchFilters,
  type SearchResponse,
  isAgeRangeValid,
} from '@/lib/shared/schemas/members';
import { getDb, type Db } from '../db/client';
import { AppError } from '../errors';
import { profiles } from '../db/schema/members';
import { photos } from '../db/schema/photos';
import { regions } from '../db/schema/reference';
import { ageOn, isOnline, searchCondition } from './member-filters';

/** How much the age range widens on each side for similar results. */
const SIMILAR_AGE_SLACK = 5;

/** A profile's main photo while it is active: the join of every member card. */
export const mainPhotoOfProfile = and(
  eq(photos.userId, profiles.userId),
  sql`${photos.isMain}`,
  eq(photos.status, 'active'),
);

/** The columns of a member card (with `regions` and the main photo joined). */
export const cardColumns = {
  id: profiles.userId,
  name: profiles.name,
  dateOfBirth: profiles.dateOfBirth,
  gender: profiles.gender,
  country: profiles.country,
  region: regions.name,
  city: profiles.city,
  fictional: profiles.fictional,
  verified: profiles.verified,
  lastActiveAt: profiles.lastActiveAt,
  filename: photos.filename,
  thumbFilename: photos.thumbFilename,
  photoStatus: photos.status,
};

/** The newest-active-first order every search index is built in. */
export const searchOrder = [
  sql`${profiles.lastActiveAt} desc nulls last`,
  sql`${profiles.userId} desc nulls last`,
];

/**
 * The query of one result page: profiles matching `where`, newest active first, with region name
 * and main photo. One row more than a page is read to tell whether another page follows.
 */
export function buildSearchQuery(db: Db, where: SQL, page: number) {
  return db
    .select(cardColumns)
    .from(profiles)
    .leftJoin(regions, eq(regions.id, profiles.regionId))
    .leftJoin(photos, mainPhotoOfProfile)
    .where(where)
    .orderBy(...searchOrder)
    .limit(SEARCH_PAGE_SIZE + 1)
    .offset((page - 1) * SEARCH_PAGE_SIZE);
}

export type CardRow = Awaited<ReturnType<ReturnType<typeof buildSearchQuery>['execute']>>[number];

/**
 * One page and the capped count in a single statement, for pages inside the counted window: the
 * matches are walked once in index order (up to SEARCH_COUNT_CAP, index-only), counted with a
 * window function, and only the page's rows are joined to their details.
 */
export function buildCountedSearchQuery(db: Db, where: SQL, page: number) {
  const matches = db.$with('matches').as(
    db
      .select({ userId: profiles.userId, lastActiveAt: profiles.lastActiveAt })
      .from(profiles)
      .where(where)
      .orderBy(...searchOrder)
      .limit(SEARCH_COUNT_CAP),
  );
  const window = db
    .with(matches)
    .select({
      userId: matches.userId,
      lastActiveAt: matches.lastActiveAt,
      total: sql<number>`(count(*) over ())::int`.as('total'),
    })
    .from(matches)
    .orderBy(sql`${matches.lastActiveAt} desc nulls last`, sql`${matches.userId} desc nulls last`)
    .limit(SEARCH_PAGE_SIZE + 1)
    .offset((page - 1) * SEARCH_PAGE_SIZE)
    .as('window');
  return db
    .select({ ...cardColumns, total: window.total })
    .from(window)
    .innerJoin(profiles, eq(profiles.userId, window.userId))
    .leftJoin(regions, eq(regions.id, profiles.regionId))
    .leftJoin(photos, mainPhotoOfProfile)
    .orderBy(sql`${window.lastActiveAt} desc nulls last`, sql`${window.userId} desc nulls last`);
}

/** One page of results and the (capped) number of matches. */
async function findPage(db: Db, where: SQL, page: number): Promise<{ rows: CardRow[]; numResults: number }> {
  if (page * SEARCH_PAGE_SIZE + 1 <= SEARCH_COUNT_CAP) {
    const rows = await buildCountedSearchQuery(db, where, page).execute();
    // An empty page past the end says nothing about the total; page 1 empty means none.
    if (rows.length || page === 1) return { rows, numResults: rows[0]?.total ?? 0 };
  }
  const [rows, numResults] = await Promise.all([
    buildSearchQuery(db, where, page).execute(),
    countMatches(db, where),
  ]);
  return { rows, numResults };
}

/** A result row as the member card every list shows. */
export function toMemberCard(row: CardRow, now: Date): MemberCard {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.dateOfBirth, now),
    gender: row.gender === 'male' || row.gender === 'female' ? row.gender : null,
    country: row.country,
    region: row.region,
    city: row.city,
    fictional: row.fictional,
    verified: row.verified,
    online: isOnline(row.lastActiveAt, now),
    main_image:
      row.filename && row.thumbFilename
        ? { filename: row.filename, thumb_filename: row.thumbFilename, status: row.photoStatus ?? 'active' }
        : null,
  };
}

/**
 * How many profiles match, counted up to SEARCH_COUNT_CAP so a count never walks a whole country.
 * Read in the search order, so PostgreSQL walks the same index as the page and stops at the cap.
 */
async function countMatches(db: Db, where: SQL): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(profiles)
    .where(where)
    .orderBy(...searchOrder)
    .limit(SEARCH_COUNT_CAP)
    .as('capped');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(capped);
  return row?.count ?? 0;
}

/**
 * Filters loosened for similar results: no region, a wider age range. Gender, country and
 * verified-only stay.
 */
export function relaxFilters(filters: SearchFilters): SearchFilters | null {
  const relaxed: SearchFilters = {
    gender: filters.gender,
    country: filters.country,
    verified: filters.verified,
    min_age: filters.min_age === undefined ? undefined : Math.max(18, filters.min_age - SIMILAR_AGE_SLACK),
    max_age: filters.max_age === undefined ? undefined : Math.min(99, filters.max_age + SIMILAR_AGE_SLACK),
  };
  const changed =
    filters.countryregion !== undefined ||
    relaxed.min_age !== filters.min_age ||
    relaxed.max_age !== filters.max_age;
  if (changed) return relaxed;
  // Nothing left to loosen but the country: look across every country instead.
  return filters.country ? { gender: filters.gender, verified: filters.verified } : null;
}

/**
 * A member search (spec §3 "Search state"): one page of results with the total, and on the first
 * page, when fewer than SIMILAR_RESULTS_BELOW profiles match, similar results from relaxed filters.
 * Invisible, inactive and blocked members (either way) never appear, nor the viewer.
 */
export async function searchMembers(options: {
  viewerId: number | null;
  filters: SearchFilters;
  page: number;
  now?: Date;
}): Promise<SearchResponse> {
  if (!isAgeRangeValid(options.filters)) throw new AppError('field_invalid', { field: 'max_age' });
  const now = options.now ?? new Date();
  const page = Math.min(Math.max(1, options.page), MAX_SEARCH_PAGE);
  const db = await getDb();
  const where = searchCondition(options.filters, options.viewerId, now);
  const { rows, numResults } = await findPage(db, where, page);
  const results = rows.slice(0, SEARCH_PAGE_SIZE).map((row) => toMemberCard(row, now));

  let similar: SearchResponse['similar'] = null;
  const relaxed = page === 1 && numResults < SIMILAR_RESULTS_BELOW ? relaxFilters(options.filters) : null;
  if (relaxed) {
    const shown = new Set(results.map((r) => r.id));
    const similarRows = await buildSearchQuery(
      db,
      searchCondition(relaxed, options.viewerId, now),
      1,
    ).execute();
    const cards = similarRows
      .map((row) => toMemberCard(row, now))
      .filter((card) => !shown.has(card.id))
      .slice(0, SEARCH_PAGE_SIZE);
    if (cards.length) similar = { pageNumber: 1, results: cards };
  }

  return {
    page: { pageNumber: page, results },
    numResults,
    hasMore: rows.length > SEARCH_PAGE_SIZE && page < MAX_SEARCH_PAGE,
    similar,
  };
}
