import 'server-only';
import { GEOLOCATION_CACHE_MS, type GeocodeResult } from '@/lib/shared/schemas/geo';
import { getDb } from '../db/client';
import { regions } from '../db/schema/reference';
import { AppError } from '../errors';
import { processSingleton } from '../global';
import { hitRateLimit } from '../security/rate-limit';
import { locatePoint } from './locate-point';
import { createLruCache, type LruCache } from './lru-cache';

/** Look-ups one address may make per minute. */
export const GEOCODE_RATE_LIMIT_PER_MINUTE = 60;
/** Answers kept in process; points are rounded to three decimals (about 100 m). */
const CACHE_ENTRIES = 10_000;

interface GeoState {
  answers: LruCache<GeocodeResult>;
  regions: { byCode: Promise<Map<string, { id: number; name: string }>>; expires: number } | null;
}

const state = () =>
  processSingleton<GeoState>('geo-state', () => ({
    answers: createLruCache<GeocodeResult>({ maxEntries: CACHE_ENTRIES, ttlMs: GEOLOCATION_CACHE_MS }),
    regions: null,
  }));

/** Our regions by ISO code, read once an hour. */
function regionsByCode(): Promise<Map<string, { id: number; name: string }>> {
  const current = state();
  const now = Date.now();
  if (current.regions && current.regions.expires > now) return current.regions.byCode;
  const byCode = (async () => {
    const db = await getDb();
    const rows = await db.select({ id: regions.id, code: regions.code, name: regions.name }).from(regions);
    return new Map(rows.map((row) => [row.code, { id: row.id, name: row.name }]));
  })();
  current.regions = { byCode, expires: now + GEOLOCATION_CACHE_MS };
  byCode.catch(() => {
    current.regions = null;
  });
  return byCode;
}

/**
 * Where a point lies, for prefilling a member's country, region and city: a served country, the
 * region of our `regions` table and the nearest town, each null where unknown. Offline (no outside
 * service); answers are kept an hour. Each address may ask 60 times a minute.
 */
export async function reverseGeocode(options: {
  lat: number;
  lon: number;
  ip: string;
  now?: Date;
}): Promise<GeocodeResult> {
  const now = options.now ?? new Date();
  const limit = await hitRateLimit({
    key: `geocode:${options.ip}`,
    limit: GEOCODE_RATE_LIMIT_PER_MINUTE,
    windowSeconds: 60,
    now,
  });
  if (!limit.allowed) {
    throw new AppError('rate_limited', {
      values: { seconds: limit.retryAfter },
      headers: { 'Retry-After': String(limit.retryAfter) },
    });
  }

  const lat = Math.round(options.lat * 1_000) / 1_000;
  const lon = Math.round(options.lon * 1_000) / 1_000;
  const key = `${lat},${lon}`;
  const { answers } = state();
  const cached = answers.get(key, now.getTime());
  if (cached) return cached;

  const place = await locatePoint({ lat, lon });
  const region = place.regionCode ? (await regionsByCode()).get(place.regionCode) : undefined;
  const result: GeocodeResult = {
    country: place.country,
    region_id: region?.id ?? null,
    region: region?.name ?? null,
    city: place.city,
  };
  answers.set(key, result, now.getTime());
  return result;
}
