// GET /api/interests.php: the interests a member can pick
import 'server-only';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { InterestsSchema } from '@/lib/shared/schemas/reference';
import { listInterests } from '../../reference/list-interests';
import type { ApiEnv } from '../context';
import { errorResponses } from './shared';

const route = createRoute({
  method: 'get',
  path: '/api/interests.php',
  responses: {
    200: { description: 'Interests', content: { 'application/json': { schema: InterestsSchema } } },
    ...errorResponses,
  },
});

export function registerInterests(app: OpenAPIHono<ApiEnv>): void {
  app.openapi(route, async (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json(await listInterests(), 200);
  });
}
