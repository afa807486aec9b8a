// POST /api/page-hidden.php: beacon sent when a page opened with `lb` is hidden (page-bounce log)
import 'server-only';
import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { recordPageBounce } from '../../analytics/record-page-bounce';
import type { ApiEnv } from '../context';
import { errorResponses } from './shared';

const route = createRoute({
  method: 'post',
  path: '/api/page-hidden.php',
  request: {
    body: { content: { 'application/json': { schema: z.object({}).strict() } }, required: false },
  },
  responses: { 204: { description: 'Logged' }, ...errorResponses },
});

export function registerPageHidden(app: OpenAPIHono<ApiEnv>): void {
  app.openapi(route, async (c) => {
    await recordPageBounce({ referer: c.req.header('referer'), locale: c.get('locale') });
    return c.body(null, 204);
  });
}
