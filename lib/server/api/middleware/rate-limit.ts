import 'server-only';
import { createMiddleware } from 'hono/factory';
import { env } from '../../env';
import { AppError } from '../../errors';
import { hitRateLimit } from '../../security/rate-limit';
import type { ApiEnv } from '../context';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A per-address budget for state-changing requests, shared by all instances through the database. */
export const writeRateLimitMiddleware = createMiddleware<ApiEnv>(async (c, next) => {
  if (STATE_CHANGING.has(c.req.method)) {
    const result = await hitRateLimit({
      key: `writes:${c.get('clientIp')}`,
      limit: env().RATE_LIMIT_WRITES_PER_MINUTE,
      windowSeconds: 60,
    });
    if (!result.allowed) {
      throw new AppError('rate_limited', undefined, undefined, { 'Retry-After': String(result.retryAfter) });
    }
  }
  await next();
});
