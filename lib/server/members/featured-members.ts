import 'server-only';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { MemberCard } from '@/lib/shared/schemas/members';
import { getDb } from '../db/client';
import { photos } from '../db/schema/photos';
import { profiles } from '../db/schema/members';
import { regions } from '../db/schema/reference';
import { visibleProfile } from './member-filters';
import { cardColumns, mainPhotoOfProfile, toMemberCard } from './search-members';
import { processSingleton } from '../global';

/** How long the members on the home page stay the same for a country: the same for every visitor. */
const FEATURED_TTL_MS = 5 * 60_000;
/** Kept for the whole process (one copy for the API and the pages), looked up on each use. */
const cacheOf = () =>
  processSingleton('featured-members', () => new Map<string, { at: number; cards: Promise<MemberCard[]> }>());

/**
 * Members the visitor home page shows for a country: visible profiles with a main photo, the most
 * recently active first, members of flesh and blood before fictional ones. A full set is cached for
 * five minutes per country, so the home page costs no query per visitor.
 */
export function featuredMembers(options: {
  country: string;
  limit: number;
  now?: Date;
}): Promise<MemberCard[]> {
  const cache = cacheOf();
  const key = `${options.country}|${options.limit}`;
  const now = options.now ?? new Date();
  const hit = cache.get(key);
  if (hit && now.getTime() - hit.at < FEATURED_TTL_MS) return hit.cards;
  const cards = loadFeatured(options.country, options.limit, now);
  cache.set(key, { at: now.getTime(), cards });
  // A country with fewer members than the page shows is asked again: a new member appears at once.
  cards.then(
    (found) => found.length < options.limit && cache.delete(key),
    () => cache.delete(key),
  );
  return cards;
}

async function loadFeatured(country: string, limit: number, now: Date): Promise<MemberCard[]> {
  const db = await getDb();
  const rows = await db
    .select(cardColumns)
    .from(profiles)
    .innerJoin(photos, mainPhotoOfProfile)
    .leftJoin(regions, eq(regions.id, profiles.regionId))
    .where(and(visibleProfile, eq(profiles.country, country), isNotNull(profiles.lastActiveAt)))
    .orderBy(sql`${profiles.lastActiveAt} desc`)
    .limit(limit * 3);
  const cards = rows.map((row) => toMemberCard(row, now));
  return [...cards.filter((card) => !card.fictional), ...cards.filter((card) => card.fictional)].slice(
    0,
    limit,
  );
}

/** Forgets the cached members (tests). */
export function clearFeaturedMembers(): void {
  cacheOf().clear();
}
