import 'server-only';
import { createMiddleware } from 'hono/factory';
import type { ApiEnv } from '../context';

/**
 * Resolves the member behind the request. Every request is anonymous until the accounts domain
 * provides sessions; handlers already read `viewer` from here and nowhere else.
 */
export const sessionMiddleware = createMiddleware<ApiEnv>(async (c, next) => {
  c.set('viewer', null);
  await next();
});
