// GET /api/geocode.php: the served country, region and nearest town of a point (offline look-up)
import { GeocodeQuerySchema, GeocodeResultSchema } from '@/lib/shared/schemas/geo';
import { reverseGeocode } from '../../../geo/reverse-geocode';
import { defineRoute } from '../../kit/define-route';

export const reverseGeocodeRoute = defineRoute('GET /api/geocode.php', {
  access: 'visitor',
  summary: 'Country, region and town of a point',
  query: GeocodeQuerySchema,
  response: { status: 200, description: 'Null where unknown or not served', schema: GeocodeResultSchema },
  cacheControl: 'private, max-age=3600',
  handler: ({ query, ip }) => reverseGeocode({ lat: query.lat, lon: query.lon, ip }),
});
