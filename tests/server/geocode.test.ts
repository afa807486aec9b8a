import { describe, expect, it } from 'vitest';
import { REGIONS } from '@/lib/server/db/seed-data/regions';
import { getGazetteer } from '@/lib/server/geo/gazetteer';
import { locatePoint } from '@/lib/server/geo/locate-point';
import { createLruCache } from '@/lib/server/geo/lru-cache';
import { reverseGeocode, GEOCODE_RATE_LIMIT_PER_MINUTE } from '@/lib/server/geo/reverse-geocode';
import { hitRateLimit } from '@/lib/server/security/rate-limit';
import { GeocodeResultSchema } from '@/lib/shared/schemas/geo';
import { RegionsSchema } from '@/lib/shared/schemas/reference';
import { buildSignup, type BuildSignupOptions } from '../factories/build-signup';
import { apiClient } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';

process.env.TRUST_PROXY = '1';
withTestDatabase();

const regionName = (code: string) => REGIONS.find((r) => r.code === code)?.name;

describe('GET /api/geocode.php', () => {
  it.each([
    ['Amsterdam', 52.3731, 4.8926, 'NL', 'NL-NH', 'Amsterdam'],
    ['München', 48.1372, 11.5755, 'DE', 'DE-BY', 'München'],
    ['Helsinki', 60.1699, 24.9384, 'FI', 'FI-18', 'Helsinki'],
    ['Oslo', 59.9127, 10.7461, 'NO', 'NO-03', 'Oslo'],
    ['Madrid', 40.4168, -3.7038, 'ES', 'ES-MD', 'Madrid'],
    ['Sydney', -33.8688, 151.2093, 'AU', 'AU-NSW', 'Sydney'],
  ])('places %s in its country, region and town', async (_, lat, lon, country, code, city) => {
    const client = apiClient();
    const res = await client.get(`/api/geocode.php?lat=${lat}&lon=${lon}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
    const result = GeocodeResultSchema.strict().parse(res.json);
    expect(result).toMatchObject({ country, region: regionName(code), city });
    expect(result.region_id).toEqual(expect.any(Number));
  });

  it('gives the region id of the regions list', async () => {
    const client = apiClient();
    const [geo, list] = await Promise.all([
      client.get('/api/geocode.php?lat=52.3731&lon=4.8926'),
      client.get('/api/regions.php'),
    ]);
    const { countries } = RegionsSchema.parse(list.json);
    const noordHolland = countries.find((c) => c.country === 'NL')?.regions.find((r) => r.code === 'NL-NH');
    expect(geo.json.region_id).toBe(noordHolland?.id);
  });

  it('knows no country, region or town at sea or outside the served countries', async () => {
    const client = apiClient();
    const empty = { country: null, region_id: null, region: null, city: null };
    // The middle of the North Sea, the Atlantic, Lisbon, the Faroe Islands.
    for (const [lat, lon] of [
      [55.5, 3.5],
      [35, -40],
      [38.7223, -9.1393],
      [62.01, -6.77],
    ]) {
      const res = await client.get(`/api/geocode.php?lat=${lat}&lon=${lon}`);
      expect(res.status).toBe(200);
      expect(res.json).toEqual(empty);
    }
  });

  it('gives the country without a town far from any town', async () => {
    // The Simpson Desert, far from any place of 1000 people.
    const res = await apiClient().get('/api/geocode.php?lat=-25.0&lon=137.0');
    expect(res.json.country).toBe('AU');
    expect(res.json.city).toBeNull();
  });

  it.each([['lat=91&lon=4'], ['lat=52&lon=-181'], ['lat=north&lon=4'], ['lon=4'], ['']])(
    'refuses %s with 422',
    async (query) => {
      const res = await apiClient().get(`/api/geocode.php?${query}`);
      expect(res.status).toBe(422);
      expect(res.json.error.code).toBe('validation_failed');
    },
  );

  it('answers an address at most 60 times a minute', async () => {
    const client = apiClient();
    for (let i = 0; i < GEOCODE_RATE_LIMIT_PER_MINUTE; i++) {
      await hitRateLimit({
        key: `geocode:${client.ip}`,
        limit: GEOCODE_RATE_LIMIT_PER_MINUTE,
        windowSeconds: 60,
      });
    }
    const refused = await client.get('/api/geocode.php?lat=52.37&lon=4.89');
    expect(refused.status).toBe(429);
    expect(refused.json.error.code).toBe('rate_limited');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await apiClient().get('/api/geocode.php?lat=52.37&lon=4.89')).status).toBe(200);
  });

  it('counts every look-up of a minute, answered from the cache or not', async () => {
    const now = new Date('2030-01-01T10:00:05Z');
    const ask = () => reverseGeocode({ lat: 48.2082, lon: 16.3738, ip: '203.0.113.9', now });
    for (let i = 0; i < GEOCODE_RATE_LIMIT_PER_MINUTE; i++) expect((await ask()).country).toBe('AT');
    await expect(ask()).rejects.toMatchObject({ code: 'rate_limited' });
    const nextMinute = new Date('2030-01-01T10:01:00Z');
    const again = await reverseGeocode({ lat: 48.2082, lon: 16.3738, ip: '203.0.113.9', now: nextMinute });
    expect(again).toMatchObject({ country: 'AT', region: 'Wien', city: 'Wien' });
  });
});

describe('offline regions', () => {
  it('reaches every region of every served country', () => {
    const { reachedRegions, missingAnchors } = getGazetteer();
    expect(missingAnchors).toEqual([]);
    expect(REGIONS.map((r) => r.code).filter((code) => !reachedRegions.has(code))).toEqual([]);
  });

  it('finds each region again from its largest town', async () => {
    const gazetteer = getGazetteer();
    const largest = new Map<string, number>();
    gazetteer.regionCodes.forEach((code, id) => {
      if (!code) return;
      const best = largest.get(code);
      if (best === undefined || (gazetteer.populations[id] ?? 0) > (gazetteer.populations[best] ?? 0)) {
        largest.set(code, id);
      }
    });
    const wrong: string[] = [];
    for (const { code } of REGIONS) {
      const id = largest.get(code);
      if (id === undefined) continue;
      const place = await locatePoint({ lat: gazetteer.lats[id] ?? 0, lon: gazetteer.lons[id] ?? 0 });
      if (place.regionCode !== code) wrong.push(`${code} (${gazetteer.names[id]}): ${place.regionCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it.each([
    ['London', 51.5072, -0.1276, 'GB-LO'],
    ['Leeds', 53.7997, -1.5492, 'GB-YH'],
    ['Bristol', 51.4545, -2.5879, 'GB-SW'],
    ['Cambridge', 52.2053, 0.1218, 'GB-EE'],
    ['Belfast', 54.5973, -5.9301, 'GB-NIR'],
    ['Edinburgh', 55.9533, -3.1883, 'GB-SCT'],
    ['Galway', 53.2707, -9.0568, 'IE-G'],
    ['Cork', 51.8985, -8.4756, 'IE-CO'],
    ['Gent', 51.0543, 3.7174, 'BE-VOV'],
    ['Namur', 50.4674, 4.872, 'BE-WNA'],
    ['Fredrikstad', 59.2181, 10.9298, 'NO-31'],
    ['Drammen', 59.7439, 10.2045, 'NO-33'],
    ['Tromsø', 69.6492, 18.9553, 'NO-55'],
    ['Alta', 69.9689, 23.2716, 'NO-56'],
    ['Skien', 59.2096, 9.6089, 'NO-40'],
    ['Mariehamn', 60.0973, 19.9348, 'FI-01'],
    ['Tampere', 61.4978, 23.761, 'FI-11'],
    ['Ceuta', 35.8894, -5.3198, 'ES-CE'],
    ['Ajaccio', 41.9192, 8.7386, 'FR-20R'],
    ['Kraków', 50.0647, 19.945, 'PL-12'],
    ['Montréal', 45.5017, -73.5673, 'CA-QC'],
    ['Wellington', -41.2865, 174.7762, 'NZ-WGN'],
    ['New York', 40.7128, -74.006, 'US-NY'],
  ])('puts %s in its region', async (_, lat, lon, code) => {
    expect((await locatePoint({ lat, lon })).regionCode).toBe(code);
  });
});

describe('answer cache', () => {
  it('forgets answers after their time and the least used first', () => {
    const cache = createLruCache<number>({ maxEntries: 2, ttlMs: 3_600_000 });
    cache.set('a', 1, 0);
    cache.set('b', 2, 0);
    expect(cache.get('a', 1)).toBe(1);
    cache.set('c', 3, 2);
    expect(cache.get('b', 3)).toBeUndefined();
    expect(cache.get('a', 3_599_999)).toBe(1);
    expect(cache.get('c', 3_600_002)).toBeUndefined();
  });
});

describe('signup with a geolocation result', () => {
  const regionId = async (code: string) => {
    const res = await apiClient().get('/api/regions.php');
    const { countries } = RegionsSchema.parse(res.json);
    return countries.flatMap((c) => c.regions).find((r) => r.code === code)?.id;
  };
  const signUpWith = async (place: BuildSignupOptions) => {
    const client = apiClient();
    expect((await client.post('/api/signup.php', buildSignup(place))).status).toBe(201);
    return (await client.get('/api/profile.php')).json as {
      country: string;
      region_id: number | null;
      city: string | null;
    };
  };

  it("keeps the country, region and town of the member's position", async () => {
    const noordHolland = await regionId('NL-NH');
    const profile = await signUpWith({ country: 'NL', region_id: noordHolland, city: ' Haarlem ' });
    expect(profile).toMatchObject({ country: 'NL', region_id: noordHolland, city: 'Haarlem' });
  });

  it('drops a region that lies in another country', async () => {
    const bayern = await regionId('DE-BY');
    const profile = await signUpWith({ country: 'NL', region_id: bayern, city: 'Haarlem' });
    expect(profile).toMatchObject({ country: 'NL', region_id: null, city: 'Haarlem' });
  });

  it('takes the site country and no region for a country not served', async () => {
    const profile = await signUpWith({ country: 'PT', region_id: await regionId('AU-NSW') });
    // The test site is Dutch: its visitors without a served position count as Dutch.
    expect(profile.country).toBe('NL');
    expect(profile.region_id).toBeNull();
  });
});
