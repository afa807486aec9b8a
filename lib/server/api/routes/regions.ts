// GET /api/regions.php: the regions of every served country
import 'server-only';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { RegionsSchema } from '@/lib/shared/schemas/reference';
import { listRegions } from '../../reference/list-regions';
import type { ApiEnv } from '../context';
import { errorResponses } from './shared';

const route = createRoute({
  method: 'get',
  path: '/api/regions.php',
  responses: {
    200: { description: 'Regions by country', content: { 'application/json': { schema: RegionsSchema } } },
    ...errorResponses,
  },
});

export function registerRegions(app: OpenAPIHono<ApiEnv>): void {
  app.openapi(route, async (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json(await listRegions(), 200);
  });
}
