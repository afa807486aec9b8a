// GET /api/geocode.php: the served country, region and nearest town of a point (offline look-up)
import 'server-only';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { GeocodeQuerySchema, GeocodeResultSchema } from '@/lib/shared/schemas/geo';
import { reverseGeocode } from '../../geo/reverse-geocode';
import type { ApiEnv } from '../context';
import { clientIp } from '../middleware/request-context';
import { errorResponses } from './shared';

const route = createRoute({
  method: 'get',
  path: '/api/geocode.php',
  request: { query: GeocodeQuerySchema },
  responses: {
    200: {
      description: 'Country, region and town of the point; null where unknown or not served',
      content: { 'application/json': { schema: GeocodeResultSchema } },
    },
    ...errorResponses,
  },
});

export function registerGeocode(app: OpenAPIHono<ApiEnv>): void {
  app.openapi(route, async (c) => {
    const { lat, lon } = c.req.valid('query');
    const result = await reverseGeocode({ lat, lon, ip: clientIp(c) });
    c.header('Cache-Control', 'private, max-age=3600');
    return c.json(result, 200);
  });
}
