import 'server-only';
import { createMiddleware } from 'hono/factory';
import { env } from '../../env';
import { AppError } from '../../errors';
import type { ApiEnv } from '../context';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a state-changing request comes from this site: its Origin names this host or a trusted origin. */
export function isAllowedOrigin(options: {
  origin: string | undefined;
  secFetchSite: string | undefined;
  host: string | undefined;
  trusted: readonly string[];
}): boolean {
  const { origin, host } = options;
  if (!origin || origin === 'null') return options.secFetchSite === 'same-origin';
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (host && parsed.host.toLowerCase() === host.toLowerCase()) return true;
  return options.trusted.some((t) => t.replace(/\/$/, '').toLowerCase() === parsed.origin.toLowerCase());
}

/** Refuses POST/PUT/PATCH/DELETE from other sites (CSRF). */
export const originMiddleware = createMiddleware<ApiEnv>(async (c, next) => {
  if (STATE_CHANGING.has(c.req.method)) {
    const { APP_URL, TRUSTED_ORIGINS } = env();
    const allowed = isAllowedOrigin({
      origin: c.req.header('origin'),
      secFetchSite: c.req.header('sec-fetch-site'),
      host: c.req.header('host'),
      trusted: APP_URL ? [APP_URL, ...TRUSTED_ORIGINS] : TRUSTED_ORIGINS,
    });
    if (!allowed) throw new AppError('origin_rejected');
  }
  await next();
});
