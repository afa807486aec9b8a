import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import {
  MATCH_RESULTS,
  SIGNUP_MATCHES,
  type MatchAnswers,
  type MatchCard,
  type MatchFinderQuery,
  type MatchList,
  type MatchReasons,
} from '@/lib/shared/schemas/match-finder';
import { SEARCH_MAX_AGE, SEARCH_MIN_AGE } from '@/lib/shared/schemas/members';
import { getDb, type Db } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { soughtGender } from './default-filters';
import { ageOn, ONLINE_MINUTES, yearsBefore } from './member-filters';
import { toMemberCard, type CardRow } from './search-members';
import { viewerCached } from './viewer-caches';
import { getViewerAnswers, type Seeker } from './viewer-answers';

// ---------------------------------------------------------------------------------------------
// Ranking: one documented function, and the same formula in SQL (`scoreSql`), both from MATCH_WEIGHTS.

/**
 * How much each reason weighs in a match's score (0 to 100 points):
 *
 * - `interest` points per interest both members picked, counted up to `maxInterests` (up to 50);
 * - up to `distance` points for living close: all of them at 0 km, falling linearly to none at
 *   `distanceScaleKm` and beyond; none when either town is unknown (up to 25);
 * - `online` points for someone online now, who can answer at once (15);
 * - up to `age` points for an age in the middle of the range asked for, falling linearly to none
 *   `ageScaleYears` away from it (up to 10).
 *
 * Shared interests weigh most: they are what the member asked about. Equal scores go to the member
 * active most recently.
 */
export const MATCH_WEIGHTS = {
  interest: 10,
  maxInterests: 5,
  distance: 25,
  distanceScaleKm: 150,
  online: 15,
  age: 10,
  ageScaleYears: 10,
} as const;

/** What is known of how a member fits the viewer's answers. */
export interface MatchFacts {
  /** Interests both picked (of those the viewer asked about). */
  sharedInterests: number;
  /** Distance between the two towns in km; null when either is not on the map. */
  distanceKm: number | null;
  online: boolean;
  /** Years between the member's age and the middle of the age range asked for. */
  ageGap: number;
}

/**
 * A match's score (0 to 100, higher fits better; see MATCH_WEIGHTS) and the reasons shown with it:
 * shared interests, the distance rounded to whole km, and whether the member is online.
 */
export function rankMatch(facts: MatchFacts): { score: number; reasons: MatchReasons } {
  const w = MATCH_WEIGHTS;
  const interests = Math.min(Math.max(facts.sharedInterests, 0), w.maxInterests) * w.interest;
  const distance =
    facts.distanceKm === null ? 0 : w.distance * Math.max(0, 1 - facts.distanceKm / w.distanceScaleKm);
  const online = facts.online ? w.online : 0;
  const age = w.age * Math.max(0, 1 - Math.abs(facts.ageGap) / w.ageScaleYears);
  return {
    score: interests + distance + online + age,
    reasons: {
      shared_interests: Math.max(facts.sharedInterests, 0),
      distance_km: facts.distanceKm === null ? null : Math.round(facts.distanceKm),
      online: facts.online,
    },
  };
}

/** The Earth's mean radius in km. */
const EARTH_KM = 6371.0088;
const KM_PER_DEGREE = (Math.PI / 180) * EARTH_KM;

/**
 * Distance in km between two points by the equirectangular approximation: within a few metres of
 * the great-circle distance at the scale of a country, and cheap enough to run per candidate in SQL
 * (`distanceSql` is the same formula).
 */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const x = (b.lon - a.lon) * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  const y = b.lat - a.lat;
  return Math.sqrt(x * x + y * y) * KM_PER_DEGREE;
}

// ---------------------------------------------------------------------------------------------
// Answers

/** Years either side of the member's own age the default range covers. */
const DEFAULT_AGE_SPREAD = 8;

/** The answers with what was left out filled from the member's profile. */
function completeAnswers(query: MatchFinderQuery, seeker: Seeker, now: Date): MatchAnswers {
  const ownAge = ageOn(seeker.dateOfBirth, now);
  const clamp = (age: number) => Math.min(SEARCH_MAX_AGE, Math.max(SEARCH_MIN_AGE, age));
  let ageMin = query.age_min ?? clamp(ownAge - DEFAULT_AGE_SPREAD);
  let ageMax = query.age_max ?? clamp(ownAge + DEFAULT_AGE_SPREAD);
  // One end given: the default other end never crosses it.
  if (ageMin > ageMax) {
    if (query.age_min === undefined) ageMin = ageMax;
    else ageMax = ageMin;
  }
  return {
    gender: query.gender ?? soughtGender(seeker.gender, seeker.sexuality) ?? 'both',
    age_min: ageMin,
    age_max: ageMax,
    distance: query.distance ?? '50',
    interests: query.interests ?? seeker.interests,
  };
}

// ---------------------------------------------------------------------------------------------
// The query

/** Newest-active profiles read from the search index at most, before the distance filter. */
export const MATCH_WALK_LIMIT = 2000;
/** Candidates scored at most: the newest-active ones that pass every filter. */
export const MATCH_CANDIDATES = 500;

/** Where to look: around a point, in one country, or everywhere. */
type Area =
  | { kind: 'around'; lat: number; lon: number; km: number; country: string }
  | { kind: 'country'; country: string }
  | { kind: 'everywhere' };

/** The distance from the viewer's point to a row's `lat`, `lon` (the same formula as `distanceKm`). */
function distanceSql(lat: number, lon: number): SQL {
  return sql`(sqrt(power((w.lon - ${lon}::float8) * cos(radians((w.lat + ${lat}::float8) / 2)), 2)
    + power(w.lat - ${lat}::float8, 2)) * ${KM_PER_DEGREE}::float8)`;
}

/** `rankMatch`'s score in SQL, over the columns `shared`, `distance_km`, `online` and `age` of `s`. */
function scoreSql(ageMiddle: number): SQL {
  const w = MATCH_WEIGHTS;
  return sql`(least(s.shared, ${w.maxInterests}::int) * ${w.interest}::float8
    + coalesce(${w.distance}::float8 * greatest(0, 1 - s.distance_km / ${w.distanceScaleKm}::float8), 0)
    + case when s.online then ${w.online}::float8 else 0 end
    + ${w.age}::float8 * greatest(0, 1 - abs(s.age - ${ageMiddle}::float8) / ${w.ageScaleYears}::float8))`;
}

interface MatchRow {
  user_id: number;
  name: string;
  date_of_birth: string;
  gender: string | null;
  country: string;
  region: string | null;
  city: string | null;
  fictional: boolean;
  verified: boolean;
  last_active_ms: number;
  filename: string | null;
  thumb_filename: string | null;
  photo_status: CardRow['photoStatus'];
  shared: number;
  distance_km: number | null;
  online: boolean;
  age: number;
  score: number;
}

/**
 * The one statement of a match list:
 *
 * 1. `walked`: the newest-active visible profiles of the sought gender (and country, unless looking
 *    everywhere) in the age range, read in the order of a `profiles_search_*` index and cut at
 *    MATCH_WALK_LIMIT, so the work is bounded however many members there are;
 * 2. `candidates`: of those, the ones inside the distance (a bounding box, then the distance itself),
 *    not the viewer, no block either way; the newest MATCH_CANDIDATES;
 * 3. `scored`: each candidate's shared interests (counted from `profile_interests_key`), distance,
 *    online state, age and score (the formula of `rankMatch`);
 * 4. the best `limit` with their card (region, main photo), best first.
 */
export function buildMatchQuery(options: {
  viewerId: number;
  answers: MatchAnswers;
  area: Area;
  viewerPoint: { lat: number; lon: number } | null;
  now: Date;
  limit: number;
}): SQL {
  const { answers, area, viewerPoint, now } = options;
  const gender = answers.gender === 'both' ? sql`` : sql`and p.gender = ${answers.gender}`;
  const country = area.kind === 'everywhere' ? sql`` : sql`and p.country = ${area.country}`;
  // Age ≥ min ⇔ born on or before `min` years ago; age ≤ max ⇔ born after `max + 1` years ago.
  const bornFrom = yearsBefore(now, answers.age_max + 1);
  const bornTo = yearsBefore(now, answers.age_min);
  const distance = viewerPoint ? distanceSql(viewerPoint.lat, viewerPoint.lon) : sql`null::float8`;
  let inArea = sql``;
  if (area.kind === 'around') {
    const dLat = area.km / KM_PER_DEGREE;
    const widest = Math.min(89, Math.abs(area.lat) + dLat);
    const dLon = Math.min(180, area.km / (KM_PER_DEGREE * Math.cos((widest * Math.PI) / 180)));
    inArea = sql`and w.lat between ${area.lat - dLat}::float8 and ${area.lat + dLat}::float8
      and w.lon between ${area.lon - dLon}::float8 and ${area.lon + dLon}::float8
      and ${distance} <= ${area.km}::float8`;
  }
  const onlineSince = new Date(now.getTime() - ONLINE_MINUTES * 60_000);
  const today = now.toISOString().slice(0, 10);
  const ageMiddle = (answers.age_min + answers.age_max) / 2;
  return sql`
    with walked as (
      select p.user_id, p.date_of_birth, p.lat, p.lon, p.last_active_at
      from profiles p
      where p.status = 'active' and not p.invisible ${gender} ${country}
        and p.date_of_birth > ${bornFrom}::date and p.date_of_birth <= ${bornTo}::date
      order by p.last_active_at desc nulls last, p.user_id desc nulls last
      limit ${MATCH_WALK_LIMIT}
    ), candidates as (
      select w.user_id, w.date_of_birth, w.last_active_at, ${distance} as distance_km
      from walked w
      where w.user_id <> ${options.viewerId} ${inArea}
        and not exists (select 1 from blocks b where b.blocker_id = ${options.viewerId} and b.blocked_id = w.user_id)
        and not exists (select 1 from blocks b where b.blocker_id = w.user_id and b.blocked_id = ${options.viewerId})
      order by w.last_active_at desc nulls last, w.user_id desc nulls last
      limit ${MATCH_CANDIDATES}
    ), scored as (
      select s.*, ${scoreSql(ageMiddle)} as score
      from (
        select c.user_id, c.last_active_at, c.distance_km,
          (select count(*) from profile_interests pi
            where pi.user_id = c.user_id and pi.interest_id = any(${sql.param(answers.interests)}::int[]))::int as shared,
          c.last_active_at > ${onlineSince.toISOString()}::timestamptz as online,
          extract(year from age(${today}::date, c.date_of_birth))::int as age
        from candidates c
      ) s
      order by score desc, s.last_active_at desc, s.user_id desc
      limit ${options.limit}
    )
    select s.user_id, p.name, to_char(p.date_of_birth, 'YYYY-MM-DD') as date_of_birth, p.gender,
      p.country, r.name as region, p.city, p.fictional, p.verified,
      (extract(epoch from p.last_active_at) * 1000)::float8 as last_active_ms,
      ph.filename, ph.thumb_filename, ph.status as photo_status,
      s.shared, s.distance_km, s.online, s.age, s.score
    from scored s
    join profiles p on p.user_id = s.user_id
    left join regions r on r.id = p.region_id
    left join photos ph on ph.user_id = p.user_id and ph.is_main and ph.status = 'active'
    order by s.score desc, s.last_active_at desc, s.user_id desc`;
}

/** Where the answers look: around the viewer's town, in their country, or everywhere. */
function areaFor(answers: MatchAnswers, seeker: Seeker, scope: 'answers' | 'country'): Area {
  if (scope === 'country') return { kind: 'country', country: seeker.country };
  if (answers.distance === 'anywhere') return { kind: 'everywhere' };
  // Without a town on the map, a distance means the member's own country.
  if (seeker.lat === null || seeker.lon === null) return { kind: 'country', country: seeker.country };
  return {
    kind: 'around',
    lat: seeker.lat,
    lon: seeker.lon,
    km: Number(answers.distance),
    country: seeker.country,
  };
}

function toMatchCard(row: MatchRow, answers: MatchAnswers, now: Date): MatchCard {
  const card = toMemberCard(
    {
      id: row.user_id,
      name: row.name,
      dateOfBirth: row.date_of_birth,
      gender: row.gender,
      country: row.country.trim(),
      region: row.region,
      city: row.city,
      fictional: row.fictional,
      verified: row.verified,
      lastActiveAt: new Date(row.last_active_ms),
      filename: row.filename,
      thumbFilename: row.thumb_filename,
      photoStatus: row.photo_status,
    },
    now,
  );
  const { reasons } = rankMatch({
    sharedInterests: row.shared,
    distanceKm: row.distance_km,
    online: row.online,
    ageGap: row.age - (answers.age_min + answers.age_max) / 2,
  });
  return { ...card, reasons };
}

async function runMatchQuery(options: {
  db: Db;
  viewerId: number;
  seeker: Seeker;
  answers: MatchAnswers;
  scope: 'answers' | 'country';
  limit: number;
  now: Date;
}): Promise<MatchList> {
  const { seeker, answers, now } = options;
  const viewerPoint =
    seeker.lat !== null && seeker.lon !== null ? { lat: seeker.lat, lon: seeker.lon } : null;
  const query = buildMatchQuery({
    viewerId: options.viewerId,
    answers,
    area: areaFor(answers, seeker, options.scope),
    viewerPoint,
    now,
    limit: options.limit,
  });
  // The same answers asked again within a short while are answered from the cache (viewer-caches.ts).
  const key = `matches:${options.scope}:${options.limit}:${JSON.stringify(answers)}`;
  const rows = await viewerCached(options.viewerId, key, now, () => rowsOf<MatchRow>(options.db, query));
  return {
    answers,
    located: viewerPoint !== null,
    profiles: rows.map((row) => toMatchCard(row, answers, now)),
  };
}

/**
 * The match-finder (`/match-finder`): the members who fit the viewer's answers best, with why
 * (see `rankMatch`), best first. Answers left out come from the viewer's profile. Only members
 * others may see appear (active, not invisible: never unconfirmed or deleted ones), never the
 * viewer, never a member blocked either way.
 */
export async function findMatches(options: {
  viewerId: number;
  query: MatchFinderQuery;
  now?: Date;
}): Promise<MatchList> {
  const now = options.now ?? new Date();
  const db = await getDb();
  const seeker = await getViewerAnswers(db, options.viewerId, now);
  const answers = completeAnswers(options.query, seeker, now);
  return runMatchQuery({
    db,
    viewerId: options.viewerId,
    seeker,
    answers,
    scope: 'answers',
    limit: MATCH_RESULTS,
    now,
  });
}

/**
 * The signup matches (`/signup-matches`): right after signup, up to SIGNUP_MATCHES members of the
 * new member's country who fit what signup asked (whom they look for from gender and sexuality,
 * an age range around their own), ranked like the match-finder (nearest first when their town is
 * known). Works for a member who has not confirmed the address yet.
 */
export async function findSignupMatches(options: { viewerId: number; now?: Date }): Promise<MatchList> {
  const now = options.now ?? new Date();
  const db = await getDb();
  const seeker = await getViewerAnswers(db, options.viewerId, now);
  const answers = completeAnswers({}, seeker, now);
  return runMatchQuery({
    db,
    viewerId: options.viewerId,
    seeker,
    answers,
    scope: 'country',
    limit: SIGNUP_MATCHES,
    now,
  });
}
