import 'server-only';
import { and, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { SearchFilters } from '@/lib/shared/schemas/members';
import { blocks, profiles } from '../db/schema/members';

/** A member counts as online when they used the app within this many minutes. */
export const ONLINE_MINUTES = 10;

/** Whether a member who was last active at `lastActiveAt` counts as online at `now`. */
export const isOnline = (lastActiveAt: Date, now: Date): boolean =>
  now.getTime() - lastActiveAt.getTime() < ONLINE_MINUTES * 60_000;

/**
 * Profiles other members may see: active and not invisible. Written as literals so PostgreSQL
 * matches the partial search indexes, whose predicate is exactly this.
 */
export const visibleProfile = sql`${profiles.status} = 'active' and not ${profiles.invisible}`;

/** The date `years` years before `now`, as `YYYY-MM-DD` (UTC). */
export function yearsBefore(now: Date, years: number): string {
  const date = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate()));
  return date.toISOString().slice(0, 10);
}

/** Age in whole years on `now` of someone born on `dateOfBirth` (`YYYY-MM-DD`). */
export function ageOn(dateOfBirth: string, now: Date): number {
  const [year = 0, month = 1, day = 1] = dateOfBirth.split('-').map(Number);
  const age = now.getUTCFullYear() - year;
  const beforeBirthday =
    now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  return beforeBirthday ? age - 1 : age;
}

/**
 * Neither side of a block sees the other: not the viewer, not someone the viewer blocked, not
 * someone who blocked the viewer. Two NOT EXISTS so each uses its own index.
 */
export function notBlockedFor(viewerId: number): SQL {
  return sql`${profiles.userId} <> ${viewerId}
    and not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${profiles.userId})
    and not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${profiles.userId} and ${blocks.blockedId} = ${viewerId})`;
}

/** The WHERE clause of a member search. */
export function searchCondition(filters: SearchFilters, viewerId: number | null, now: Date): SQL {
  const conditions: (SQL | undefined)[] = [visibleProfile];
  if (filters.gender) conditions.push(eq(profiles.gender, filters.gender));
  if (filters.country) conditions.push(eq(profiles.country, filters.country));
  if (filters.countryregion) conditions.push(eq(profiles.regionId, filters.countryregion));
  // Written as the bare column, so PostgreSQL matches the verified-only indexes' predicate.
  if (filters.verified) conditions.push(sql`${profiles.verified}`);
  // Age ≥ min ⇔ born on or before `min` years ago; age ≤ max ⇔ born after `max + 1` years ago.
  if (filters.min_age !== undefined)
    conditions.push(lte(profiles.dateOfBirth, yearsBefore(now, filters.min_age)));
  if (filters.max_age !== undefined)
    conditions.push(gt(profiles.dateOfBirth, yearsBefore(now, filters.max_age + 1)));
  if (viewerId !== null) conditions.push(notBlockedFor(viewerId));
  return and(...conditions) as SQL;
}
