import 'server-only';
import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { FRESH_READS_COOKIE, FRESH_READS_MAX_AGE_SECONDS, withFreshReads } from '../members/fresh-reads';
import type { ApiEnv } from './context';
import { isSecureCookie } from './session-cookie';

/**
 * Serves each request as fresh as the browser's last change (fresh-reads.ts), and gives the answer to
 * a change the instant it came, so the browser's next reads on any process see the change.
 */
export const freshReadsCookie = createMiddleware<ApiEnv>(async (c, next) => {
  const { dropped } = await withFreshReads(getCookie(c, FRESH_READS_COOKIE), next);
  if (!dropped) return;
  setCookie(c, FRESH_READS_COOKIE, String(Date.now()), {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecureCookie(c),
    path: '/',
    maxAge: FRESH_READS_MAX_AGE_SECONDS,
  });
});
