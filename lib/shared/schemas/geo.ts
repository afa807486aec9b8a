import { z } from 'zod';
import type { GeocodeResult } from '../values/geo';

export * from '../values/geo';

/** `GET /api/geocode.php?lat&lon`. */
export const GeocodeQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});

/** Where a point lies: a served country, its region (an id of regions.php) and the nearest city; null where unknown. */
export const GeocodeResultSchema = z.object({
  country: z.string().length(2).nullable(),
  region_id: z.number().int().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
}) satisfies z.ZodType<GeocodeResult>;

/** Geolocation permission (spec §4): unsupported, unknown, or the browser's own state. */
export type GeolocationPermission = 'unsupported' | 'unknown' | 'granted' | 'denied' | 'prompt';
