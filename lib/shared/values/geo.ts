// Plain values of the API contract (no zod): what the browser needs of geo. The schemas in
// lib/shared/schemas/geo.ts build on them and re-export them, so server code may import either.

/** How long a geolocation result is kept before the browser is asked again (spec §9). */
export const GEOLOCATION_CACHE_MS = 60 * 60 * 1000;

/** Where a point lies: a served country, its region (an id of regions.php) and the nearest city; null where unknown. */
export interface GeocodeResult {
  country: string | null;
  region_id: number | null;
  region: string | null;
  city: string | null;
}

const isTextOrNull = (value: unknown) => value === null || typeof value === 'string';

/** Whether a value (an answer, something stored) has the shape of a geocode result. */
export function isGeocodeResult(value: unknown): value is GeocodeResult {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    (v.country === null || (typeof v.country === 'string' && /^[A-Z]{2}$/.test(v.country))) &&
    (v.region_id === null || Number.isInteger(v.region_id)) &&
    isTextOrNull(v.region) &&
    isTextOrNull(v.city)
  );
}
