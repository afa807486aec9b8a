import 'server-only';
import { and, eq } from 'drizzle-orm';
import { isServedCountry, type CountryCode } from '@/lib/shared/constants';
import type { DbOrTx } from '../db/client';
import { regions } from '../db/schema/reference';
import { AppError } from '../errors';
import { getGazetteer, locateTown, nearestPlace } from '../geo/gazetteer';
import { REGION_MAX_KM } from '../geo/locate-point';

/** Where a profile lies: its country, the gazetteer's region of its town and the town's coordinates. */
export interface ProfilePlace {
  country: CountryCode;
  city: string | null;
  regionId: number | null;
  lat: number | null;
  lon: number | null;
}

/**
 * Places a profile from its country and town. The town must be one the gazetteer knows in that
 * country (so members see a real place and distances work); the region follows from the town.
 */
export async function placeProfile(options: {
  db: DbOrTx;
  country: string;
  city: string | null;
}): Promise<ProfilePlace> {
  const { db, country } = options;
  if (!isServedCountry(country)) throw new AppError('field_invalid', { field: 'country' });
  const city = options.city?.trim() || null;
  if (!city) return { country, city: null, regionId: null, lat: null, lon: null };
  const point = locateTown({ city, country });
  if (!point)
    throw new AppError('field_invalid', {
      field: 'city',
      messageKey: 'town_unknown',
      values: { town: city },
    });
  const found = nearestPlace(getGazetteer(), { country, ...point, maxKm: REGION_MAX_KM });
  const code = found?.nearest.regionCode ?? null;
  const [region] = code
    ? await db
        .select({ id: regions.id })
        .from(regions)
        .where(and(eq(regions.code, code), eq(regions.country, country)))
        .limit(1)
    : [];
  return { country, city, regionId: region?.id ?? null, lat: point.lat, lon: point.lon };
}
