import 'server-only';
import type * as CountryCoderModule from '@rapideditor/country-coder';
import { isServedCountry, type CountryCode } from '@/lib/shared/constants';
import { getGazetteer, nearestPlace } from './gazetteer';

/** Where a point lies, from the offline data alone: a served country, our region code and a place name. */
export interface PointPlace {
  country: CountryCode | null;
  regionCode: string | null;
  city: string | null;
}

/** A place name is offered only this close to the point. */
export const CITY_MAX_KM = 25;
/** Beyond this no place of the country is taken as evidence of the region (remote islands). */
export const REGION_MAX_KM = 400;

// Territories the border data tells apart that belong to a served country's regions.
const COUNTRY_OF_TERRITORY: Readonly<Record<string, string>> = { AX: 'FI', EA: 'ES' };

type CountryCoder = typeof CountryCoderModule;
let countryCoder: Promise<CountryCoder> | null = null;

/** Country borders (about 10 MB in memory), loaded on first use. */
function loadCountryCoder(): Promise<CountryCoder> {
  countryCoder ??= import('@rapideditor/country-coder');
  return countryCoder;
}

/**
 * The served country a point lies in (by its borders, territorial waters included), the region
 * of the nearest place of that country and, when one is near, that place's name. Points at sea
 * or outside the served countries have no country, region or place.
 */
export async function locatePoint(options: { lat: number; lon: number }): Promise<PointPlace> {
  const { lat, lon } = options;
  const coder = await loadCountryCoder();
  const code = coder.iso1A2Code([lon, lat], { level: 'territory' });
  const country = code ? (COUNTRY_OF_TERRITORY[code] ?? code) : null;
  if (!isServedCountry(country)) return { country: null, regionCode: null, city: null };
  const found = nearestPlace(getGazetteer(), { country, lat, lon, maxKm: REGION_MAX_KM });
  return {
    country,
    regionCode: found?.nearest.regionCode ?? null,
    city: found && found.named.km <= CITY_MAX_KM ? found.named.name : null,
  };
}
