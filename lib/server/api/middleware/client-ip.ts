import 'server-only';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createMiddleware } from 'hono/factory';
import { env } from '../../env';
import type { ApiEnv } from '../context';

/** The caller's address: the socket's, or the first X-Forwarded-For hop behind a trusted proxy. */
export const clientIpMiddleware = createMiddleware<ApiEnv>(async (c, next) => {
  let ip = '';
  if (env().TRUST_PROXY) ip = c.req.header('x-forwarded-for')?.split(',')[0]?.trim() ?? '';
  if (!ip) {
    try {
      ip = getConnInfo(c).remote.address ?? '';
    } catch {
      ip = '';
    }
  }
  c.set('clientIp', ip || 'unknown');
  await next();
});
