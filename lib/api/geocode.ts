import { queryOptions } from '@tanstack/react-query';
import { GEOLOCATION_CACHE_MS, isGeocodeResult } from '@/lib/shared/values/geo';
import type { GeocodeResult } from '@/lib/shared/schemas/geo';
import type { ApiClient } from './api-client';
import { geocodeKeys, roundCoordinate as round, type GeoPoint } from './keys';

export type { GeoPoint };

/** `GET /api/geocode.php`: the served country, region and nearest town of a point. */
export async function fetchGeocode(api: ApiClient, point: GeoPoint): Promise<GeocodeResult> {
  const { data } = await api.get<unknown>('geocode.php', {
    params: { lat: round(point.lat), lon: round(point.lon) },
  });
  if (!isGeocodeResult(data)) throw new Error('geocode.php answered something that is not a place');
  return data;
}

/** The geocode answer of a point, kept as long as the spec keeps a geolocation result. */
export const geocodeQuery = (api: ApiClient, point: GeoPoint) =>
  queryOptions({
    queryKey: geocodeKeys.point(point),
    queryFn: () => fetchGeocode(api, point),
    staleTime: GEOLOCATION_CACHE_MS,
    gcTime: GEOLOCATION_CACHE_MS,
  });
