import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { profiles } from '../db/schema/members';
import { AppError } from '../errors';
import { viewerCached } from './viewer-caches';

/** The viewer as the match-finder needs them: what their profile answers, and where they live. */
export interface Seeker {
  gender: string | null;
  sexuality: string | null;
  country: string;
  dateOfBirth: string;
  lat: number | null;
  lon: number | null;
  /** The interests they picked, ascending. */
  interests: number[];
}

/** Reads the viewer's answers from their profile and interests, in one statement. */
async function loadSeeker(db: Db, viewerId: number): Promise<Seeker> {
  const [own] = await db
    .select({
      gender: profiles.gender,
      sexuality: profiles.sexuality,
      country: profiles.country,
      dateOfBirth: profiles.dateOfBirth,
      lat: profiles.lat,
      lon: profiles.lon,
      // Qualified by hand: a one-table select names its columns without their table.
      interests: sql<number[]>`array(select pi.interest_id from profile_interests pi
        where pi.user_id = ${viewerId}::int order by pi.interest_id)`,
    })
    .from(profiles)
    .where(eq(profiles.userId, viewerId));
  if (!own) throw new AppError('not_found', { log: `match-finder: no profile for ${viewerId}` });
  return { ...own, country: own.country.trim(), interests: (own.interests ?? []).map(Number) };
}

/**
 * The viewer's answers, kept for a short while and dropped whenever their profile changes
 * (viewer-caches.ts), so the match-finder reads them once rather than on every call.
 */
export function getViewerAnswers(db: Db, viewerId: number, now: Date): Promise<Seeker> {
  return viewerCached(viewerId, 'answers', now, () => loadSeeker(db, viewerId));
}
