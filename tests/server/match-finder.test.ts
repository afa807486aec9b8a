import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { blocks, interests, likes, profileInterests, profiles, users } from '@/lib/server/db/schema';
import { locateTown } from '@/lib/server/geo/gazetteer';
import { buildMatchQuery, distanceKm, MATCH_WEIGHTS, rankMatch } from '@/lib/server/members/match-finder';
import {
  MATCH_RESULTS,
  MatchListSchema,
  SIGNUP_MATCHES,
  type MatchList,
} from '@/lib/shared/schemas/match-finder';
import { buildSignup } from '../factories/build-signup';
import { createMember, type MemberSeed } from '../factories/create-member';
import { apiClient, clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();
const database = () => db.handle().db;

const AMSTERDAM = { lat: 52.374, lon: 4.8897 };
const UTRECHT = { lat: 52.0908, lon: 5.1222 };

/** A member with a town on the map and interests (ids), for the match lists. */
async function member(
  seed: MemberSeed & {
    city?: string;
    point?: { lat: number; lon: number } | null;
    interests?: number[];
    sexuality?: string;
  } = {},
) {
  const { city, point, interests: picked = [], sexuality, ...rest } = seed;
  const id = await createMember(database(), rest);
  await database()
    .update(profiles)
    .set({
      city: city ?? null,
      lat: point?.lat ?? null,
      lon: point?.lon ?? null,
      sexuality: sexuality ?? null,
    })
    .where(eq(profiles.userId, id));
  if (picked.length)
    await database()
      .insert(profileInterests)
      .values(picked.map((i) => ({ userId: id, interestId: i })));
  return id;
}

let interestIds: number[] = [];
beforeAll(async () => {
  interestIds = (await database().select({ id: interests.id }).from(interests).orderBy(interests.id)).map(
    (r) => r.id,
  );
  expect(interestIds.length).toBeGreaterThanOrEqual(6);
});
const interest = (n: number) => interestIds[n] ?? 0;

async function matches(client: Awaited<ReturnType<typeof clientFor>>, query: string): Promise<MatchList> {
  const res = await client.get(`/api/match-finder.php${query}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return MatchListSchema.strict().parse(res.json);
}

describe('rankMatch', () => {
  const base = { sharedInterests: 0, distanceKm: null, online: false, ageGap: 20 };

  it('scores nothing for a member with nothing in common, far off, offline and of another age', () => {
    expect(rankMatch({ ...base, distanceKm: 400 })).toEqual({
      score: 0,
      reasons: { shared_interests: 0, distance_km: 400, online: false },
    });
  });

  it('gives every reason its documented weight', () => {
    const w = MATCH_WEIGHTS;
    expect(rankMatch({ ...base, sharedInterests: 3 }).score).toBe(3 * w.interest);
    // Interests count up to a ceiling, and the reason still says how many there are.
    expect(rankMatch({ ...base, sharedInterests: 9 })).toEqual({
      score: w.maxInterests * w.interest,
      reasons: { shared_interests: 9, distance_km: null, online: false },
    });
    expect(rankMatch({ ...base, distanceKm: 0 }).score).toBe(w.distance);
    expect(rankMatch({ ...base, distanceKm: w.distanceScaleKm / 2 }).score).toBeCloseTo(w.distance / 2);
    expect(rankMatch({ ...base, online: true }).score).toBe(w.online);
    expect(rankMatch({ ...base, ageGap: 0 }).score).toBe(w.age);
    expect(rankMatch({ ...base, ageGap: -w.ageScaleYears / 2 }).score).toBeCloseTo(w.age / 2);
    // The best possible match scores 100.
    expect(rankMatch({ sharedInterests: 5, distanceKm: 0, online: true, ageGap: 0 }).score).toBe(100);
  });

  it('ranks shared interests above nearness above being online, and rounds the distance shown', () => {
    const threeInterestsFar = rankMatch({ ...base, sharedInterests: 3, distanceKm: 140 });
    const nextDoor = rankMatch({ ...base, distanceKm: 2 });
    const onlineFar = rankMatch({ ...base, online: true, distanceKm: 120 });
    expect(threeInterestsFar.score).toBeGreaterThan(nextDoor.score);
    expect(nextDoor.score).toBeGreaterThan(onlineFar.score);
    expect(rankMatch({ ...base, distanceKm: 12.4 }).reasons.distance_km).toBe(12);
  });
});

describe('where towns lie', () => {
  it('finds a town by name and country, whatever the case and accents, the most populous first', () => {
    const amsterdam = locateTown({ city: 'Amsterdam', country: 'NL' });
    expect(amsterdam?.lat).toBeCloseTo(AMSTERDAM.lat, 1);
    expect(amsterdam?.lon).toBeCloseTo(AMSTERDAM.lon, 1);
    expect(locateTown({ city: '  amsterdam ', country: 'NL' })).toEqual(amsterdam);
    const malmo = locateTown({ city: 'malmo', country: 'SE' });
    expect(malmo).toEqual(locateTown({ city: 'Malmö', country: 'SE' }));
    expect(malmo?.lat).toBeCloseTo(55.6, 1);
    // Many Frankfurts: the one on the Main, the largest.
    expect(locateTown({ city: 'frankfurt am main', country: 'DE' })?.lon).toBeCloseTo(8.68, 1);
    expect(locateTown({ city: 'Amsterdam', country: 'BE' })).toBeNull();
    expect(locateTown({ city: 'Nowhere-upon-Nothing', country: 'NL' })).toBeNull();
    expect(locateTown({ city: '', country: 'NL' })).toBeNull();
  });

  it('measures distances like the great circle does at a country’s scale', () => {
    // Amsterdam–Utrecht is about 35 km as the crow flies.
    expect(distanceKm(AMSTERDAM, UTRECHT)).toBeGreaterThan(33);
    expect(distanceKm(AMSTERDAM, UTRECHT)).toBeLessThan(37);
    expect(distanceKm(AMSTERDAM, AMSTERDAM)).toBe(0);
  });

  it('places a member at signup and again when the town or country changes', async () => {
    const client = apiClient();
    const signup = buildSignup({ country: 'NL', city: 'Utrecht' });
    expect((await client.post('/api/signup.php', signup)).status).toBe(201);
    const [user] = await database().select({ id: users.id }).from(users).where(eq(users.email, signup.email));
    const placeOf = async () => {
      const [row] = await database()
        .select({ lat: profiles.lat, lon: profiles.lon })
        .from(profiles)
        .where(eq(profiles.userId, user?.id ?? 0));
      return row;
    };
    expect((await placeOf())?.lat).toBeCloseTo(UTRECHT.lat, 1);

    expect((await client.put('/api/profile.php', { city: 'amsterdam' })).status).toBe(200);
    expect((await placeOf())?.lon).toBeCloseTo(AMSTERDAM.lon, 1);
    // Another change leaves the place alone.
    expect((await client.put('/api/profile.php', { hair_color: 'red' })).status).toBe(200);
    expect((await placeOf())?.lon).toBeCloseTo(AMSTERDAM.lon, 1);
    // The same town name in another country is another place; an unknown town is none.
    expect((await client.put('/api/profile.php', { country: 'DE', city: 'Berlin' })).status).toBe(200);
    expect((await placeOf())?.lat).toBeCloseTo(52.52, 1);
    expect((await client.put('/api/profile.php', { city: 'Nowhere-upon-Nothing' })).status).toBe(200);
    expect(await placeOf()).toEqual({ lat: null, lon: null });
  });
});

describe('GET /api/match-finder.php', () => {
  it('ranks members by shared interests, nearness and being online, and says why', async () => {
    // Belgium, so the members of other tests stay out of these lists.
    const country = 'BE';
    const brussels = { lat: 50.8503, lon: 4.3517 };
    const antwerp = { lat: 51.2194, lon: 4.4025 };
    const viewer = await member({
      gender: 'male',
      sexuality: 'hetero',
      country,
      dateOfBirth: '1990-01-01',
      city: 'Brussels',
      point: brussels,
      interests: [interest(0), interest(1), interest(2)],
    });
    const old = new Date(Date.now() - 3 * 86_400_000);
    const threeShared = await member({
      country,
      point: antwerp,
      interests: [interest(0), interest(1), interest(2), interest(5)],
      lastActiveAt: old,
    });
    const nearby = await member({ country, point: brussels, lastActiveAt: old });
    const online = await member({ country, point: antwerp });
    const man = await member({ country, gender: 'male', point: brussels, interests: [interest(0)] });

    const list = await matches(await clientFor(viewer), '');
    // Prefilled from the profile: women, around his own age, 50 km, his interests.
    expect(list.answers).toMatchObject({ gender: 'female', distance: '50' });
    expect([...list.answers.interests].sort()).toEqual([interest(0), interest(1), interest(2)].sort());
    expect(list.located).toBe(true);
    const ids = list.profiles.map((p) => p.id);
    // Online 41 km away outweighs offline in the same town.
    expect(ids).toEqual([threeShared, online, nearby]);
    expect(ids).not.toContain(man);
    expect(list.profiles[0]?.reasons).toEqual({ shared_interests: 3, distance_km: 41, online: false });
    expect(list.profiles[1]?.reasons).toEqual({ shared_interests: 0, distance_km: 41, online: true });
    expect(list.profiles[1]?.online).toBe(true);
    expect(list.profiles[2]?.reasons).toEqual({ shared_interests: 0, distance_km: 0, online: false });

    // Other answers: men, 10 km, nothing asked about.
    const men = await matches(await clientFor(viewer), '?gender=male&distance=10&interests=');
    expect(men.profiles.map((p) => p.id)).toEqual([man]);
    expect(men.profiles[0]?.reasons).toEqual({ shared_interests: 0, distance_km: 0, online: true });
  });

  it('never lists the viewer, blocked members either way, or members others may not see', async () => {
    const country = 'AT';
    const vienna = { lat: 48.2082, lon: 16.3738 };
    const viewer = await member({ gender: 'female', country, point: vienna, dateOfBirth: '1988-03-03' });
    const seed = { gender: 'female' as const, country, point: vienna, dateOfBirth: '1989-03-03' };
    const shown = await member(seed);
    const blockedByViewer = await member(seed);
    const blockingViewer = await member(seed);
    const invisible = await member({ ...seed, invisible: true });
    const deleted = await member({ ...seed, status: 'deleted' });
    const unconfirmed = await member({ ...seed, status: 'disabled' });
    await database()
      .insert(blocks)
      .values([
        { blockerId: viewer, blockedId: blockedByViewer },
        { blockerId: blockingViewer, blockedId: viewer },
      ]);
    const list = await matches(await clientFor(viewer), '?gender=female&distance=anywhere');
    const ids = list.profiles.map((p) => p.id);
    expect(ids).toContain(shown);
    for (const hidden of [viewer, blockedByViewer, blockingViewer, invisible, deleted, unconfirmed])
      expect(ids).not.toContain(hidden);
  });

  it('keeps to the distance and the age range asked for, and looks abroad only for “anywhere”', async () => {
    const country = 'DK';
    const copenhagen = { lat: 55.6761, lon: 12.5683 };
    const roskilde = { lat: 55.6419, lon: 12.0878 }; // about 30 km
    const aarhus = { lat: 56.1629, lon: 10.2039 }; // about 155 km
    const viewer = await member({ gender: 'male', country, point: copenhagen, dateOfBirth: '1985-06-01' });
    const seed = { gender: 'female' as const, country, dateOfBirth: '1986-01-01' };
    const inTown = await member({ ...seed, point: copenhagen });
    const roskildeMember = await member({ ...seed, point: roskilde });
    const aarhusMember = await member({ ...seed, point: aarhus });
    const nowhere = await member({ ...seed, point: null });
    const tooYoung = await member({ ...seed, point: copenhagen, dateOfBirth: '2004-01-01' });
    // Across the water in Sweden, about 28 km away, but another country.
    const malmo = await member({ ...seed, country: 'SE', point: { lat: 55.605, lon: 13.0038 } });
    const client = await clientFor(viewer);
    const ids = async (query: string) => (await matches(client, query)).profiles.map((p) => p.id).sort();

    expect(await ids('?gender=female&distance=10&age_min=30&age_max=50')).toEqual([inTown]);
    expect(await ids('?gender=female&distance=50&age_min=30&age_max=50')).toEqual(
      [inTown, roskildeMember].sort(),
    );
    const anywhere = await ids('?gender=female&distance=anywhere&age_min=30&age_max=50');
    expect(anywhere).toEqual(expect.arrayContaining([inTown, roskildeMember, aarhusMember, nowhere, malmo]));
    expect(anywhere).not.toContain(tooYoung);
    expect(await ids('?gender=female&distance=10&age_min=18&age_max=25')).toEqual([tooYoung]);
  });

  it('uses the country for a distance when the viewer’s town is not on the map', async () => {
    const country = 'FI';
    const viewer = await member({ gender: 'female', country, sexuality: 'lesbian', point: null });
    const helsinki = await member({ gender: 'female', country, point: { lat: 60.1699, lon: 24.9384 } });
    const list = await matches(await clientFor(viewer), '?distance=10');
    expect(list.located).toBe(false);
    expect(list.answers.gender).toBe('female');
    expect(list.profiles.map((p) => p.id)).toEqual([helsinki]);
    expect(list.profiles[0]?.reasons.distance_km).toBeNull();
  });

  it('scores in SQL exactly as rankMatch does, best first, at most a page', async () => {
    const country = 'NO';
    const oslo = { lat: 59.9139, lon: 10.7522 };
    const viewer = await member({
      gender: 'male',
      country,
      point: oslo,
      interests: [interest(0), interest(3)],
    });
    for (let i = 0; i < MATCH_RESULTS + 4; i += 1) {
      await member({
        gender: 'female',
        country,
        dateOfBirth: `${1975 + (i % 25)}-02-02`,
        point: { lat: oslo.lat + (i % 7) * 0.1, lon: oslo.lon },
        interests: i % 3 ? [interest(0)] : [interest(0), interest(3)],
        lastActiveAt: new Date(Date.now() - (i % 2 ? 0 : 3600_000)),
      });
    }
    const now = new Date();
    const answers = {
      gender: 'female' as const,
      age_min: 18,
      age_max: 99,
      distance: '100' as const,
      interests: [interest(0), interest(3)],
    };
    const answer: unknown = await database().execute(
      buildMatchQuery({
        viewerId: viewer,
        answers,
        area: { kind: 'around', ...oslo, km: 100, country },
        viewerPoint: oslo,
        now,
        limit: MATCH_RESULTS,
      }),
    );
    const result = answer as {
      rows: { score: number; shared: number; distance_km: number; online: boolean; age: number }[];
    };
    expect(result.rows).toHaveLength(MATCH_RESULTS);
    const scores = result.rows.map((row) => row.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const row of result.rows) {
      const expected = rankMatch({
        sharedInterests: row.shared,
        distanceKm: row.distance_km,
        online: row.online,
        ageGap: row.age - 58.5,
      });
      expect(row.score).toBeCloseTo(expected.score, 6);
    }
  });

  it('answers unclear questions with 422 and turns visitors away', async () => {
    const viewer = await member({ country: 'IE' });
    const client = await clientFor(viewer);
    for (const query of [
      '?age_min=40&age_max=30',
      '?distance=7',
      '?interests=a,b',
      '?gender=robot',
      '?age_min=12',
    ]) {
      const res = await client.get(`/api/match-finder.php${query}`);
      expect(res.status, query).toBe(422);
      expect(res.json.error.code).toBe('validation_failed');
    }
    const visitor = await apiClient().get('/api/match-finder.php');
    expect(visitor.status).toBe(403);
    expect(visitor.json.error.code).toBe('authentication_required');
  });
});

describe('GET /api/signup-matches.php', () => {
  it('offers a new member, not confirmed yet and without a photo, members who fit the signup, liked in one tap', async () => {
    // Poland keeps these members apart from other tests'.
    const country = 'PL';
    const fits = [];
    for (let i = 0; i < SIGNUP_MATCHES + 2; i += 1)
      fits.push(await member({ gender: 'male', country, dateOfBirth: `199${i % 10}-01-01`, photos: 1 }));
    const woman = await member({ gender: 'female', country, dateOfBirth: '1992-01-01' });
    const elsewhere = await member({ gender: 'male', country: 'IT', dateOfBirth: '1992-01-01' });

    const client = apiClient();
    const signup = buildSignup({ country, gender: 'female', date_of_birth: '1993-04-04', city: 'Kraków' });
    expect((await client.post('/api/signup.php', signup)).status).toBe(201);
    const res = await client.get('/api/signup-matches.php');
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const list = MatchListSchema.strict().parse(res.json);
    expect(list.profiles).toHaveLength(SIGNUP_MATCHES);
    const ids = list.profiles.map((p) => p.id);
    for (const id of ids) expect(fits).toContain(id);
    expect(ids).not.toContain(woman);
    expect(ids).not.toContain(elsewhere);
    expect(list.profiles[0]?.main_image).not.toBeNull();

    const liked = ids[0] ?? 0;
    const like = await client.post('/api/like.php', { member: liked, source: 'signup' });
    expect(like.status, JSON.stringify(like.json)).toBe(200);
    const [user] = await database().select({ id: users.id }).from(users).where(eq(users.email, signup.email));
    const [row] = await database()
      .select({ source: likes.source })
      .from(likes)
      .where(and(eq(likes.likerId, user?.id ?? 0), eq(likes.likedId, liked)));
    expect(row?.source).toBe('signup');
    // Only the sources a member gives by hand are accepted.
    expect((await client.post('/api/like.php', { member: ids[1], source: 'auto' })).status).toBe(422);
  });

  it('is empty for a new member nobody fits', async () => {
    const client = apiClient();
    expect(
      (
        await client.post(
          '/api/signup.php',
          buildSignup({ country: 'NZ', gender: 'male', date_of_birth: '1950-01-01' }),
        )
      ).status,
    ).toBe(201);
    const res = await client.get('/api/signup-matches.php');
    expect(res.status).toBe(200);
    expect(MatchListSchema.parse(res.json).profiles).toEqual([]);
  });
});
