import 'server-only';
import { and, eq, gte, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { MemberCard } from '@/lib/shared/schemas/members';
import { nicheAudience } from '@/lib/shared/values/niche';
import { getDb } from '../db/client';
import { photos } from '../db/schema/photos';
import { profiles } from '../db/schema/members';
import { regions } from '../db/schema/reference';
import { ONLINE_MINUTES, visibleProfile, yearsBefore } from '../members/member-filters';
import { cardColumns, mainPhotoOfProfile, toMemberCard } from '../members/search-members';
import { processSingleton } from '../global';

/** What a lander shows: real members, and real counts (never made-up numbers). */
export interface LanderAudience {
  /** Visible members with a main photo, of the visitor's country and the site's niche, most recently active first. */
  members: MemberCard[];
  /** How many of them are online now (active in the last ONLINE_MINUTES), counted in the database. */
  onlineCount: number;
  /** How many visible members of that country and niche there are. */
  memberCount: number;
}

/** How long a lander's members stay the same for a country and niche: the same for every visitor. */
const LANDER_TTL_MS = 60_000;
/** The most members any lander shows. */
export const LANDER_MEMBERS_MAX = 48;
/** Kept for the whole process (one copy for the API and the pages), looked up on each use. */
const cacheOf = () =>
  processSingleton(
    'lander-members',
    () => new Map<string, { at: number; audience: Promise<LanderAudience> }>(),
  );

/**
 * The members and counts of the landers for a country and niche (see lib/shared/values/niche.ts).
 * Members of flesh and blood come before fictional ones; each card says whether it is fictional, so
 * the lander can label it. Cached for a minute per country and niche: paid traffic costs no query per
 * visitor, and the counts stay close to the truth.
 */
export function landerAudience(options: {
  country: string;
  niche: number;
  now?: Date;
}): Promise<LanderAudience> {
  const cache = cacheOf();
  const key = `${options.country}|${options.niche}`;
  const now = options.now ?? new Date();
  const hit = cache.get(key);
  if (hit && now.getTime() - hit.at < LANDER_TTL_MS) return hit.audience;
  const audience = loadAudience(options.country, options.niche, now);
  cache.set(key, { at: now.getTime(), audience });
  audience.catch(() => cache.delete(key));
  return audience;
}

function audienceCondition(country: string, niche: number, now: Date): SQL {
  const audience = nicheAudience(niche);
  const conditions: (SQL | undefined)[] = [visibleProfile, eq(profiles.country, country)];
  if (audience.gender) conditions.push(eq(profiles.gender, audience.gender));
  if (audience.sexuality) conditions.push(eq(profiles.sexuality, audience.sexuality));
  if (audience.minAge !== undefined)
    conditions.push(lte(profiles.dateOfBirth, yearsBefore(now, audience.minAge)));
  if (audience.maxAge !== undefined)
    conditions.push(gte(profiles.dateOfBirth, yearsBefore(now, audience.maxAge + 1)));
  return and(...conditions) ?? sql`true`;
}

async function loadAudience(country: string, niche: number, now: Date): Promise<LanderAudience> {
  const db = await getDb();
  const where = audienceCondition(country, niche, now);
  const onlineSince = new Date(now.getTime() - ONLINE_MINUTES * 60_000);
  const [rows, [counts]] = await Promise.all([
    db
      .select(cardColumns)
      .from(profiles)
      .innerJoin(photos, mainPhotoOfProfile)
      .leftJoin(regions, eq(regions.id, profiles.regionId))
      .where(and(where, isNotNull(profiles.lastActiveAt)))
      .orderBy(sql`${profiles.lastActiveAt} desc`)
      .limit(LANDER_MEMBERS_MAX * 2),
    db
      .select({
        members: sql<number>`count(*)::int`,
        online: sql<number>`(count(*) filter (where ${profiles.lastActiveAt} >= ${onlineSince}))::int`,
      })
      .from(profiles)
      .where(where),
  ]);
  const cards = rows.map((row) => toMemberCard(row, now));
  const members = [...cards.filter((c) => !c.fictional), ...cards.filter((c) => c.fictional)].slice(
    0,
    LANDER_MEMBERS_MAX,
  );
  return { members, onlineCount: counts?.online ?? 0, memberCount: counts?.members ?? 0 };
}

/** Forgets the cached audiences (tests). */
export function clearLanderAudiences(): void {
  cacheOf().clear();
}
