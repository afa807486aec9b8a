import 'server-only';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { LOCALE_COOKIE } from '@/lib/shared/constants';
import { resolveLocale, type Locale } from '@/lib/shared/locales';
import { env } from '../../env';
import { AppError } from '../../errors';
import { hitRateLimit } from '../../security/rate-limit';
import { findSessionUser } from '../../auth/sessions';
import { getDomainLanguage } from '../../settings/get-settings';
import { readSessionCookie } from '../session-cookie';
import type { ApiEnv } from '../context';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** API messages follow the same locale rule as pages: cookie, domain language, browser language. */
async function requestLocale(c: Context<ApiEnv>): Promise<Locale> {
  const cookie = getCookie(c, LOCALE_COOKIE);
  const domainLanguage = cookie ? null : await getDomainLanguage(c.req.header('host'));
  return resolveLocale({ cookie, domainLanguage, acceptLanguage: c.req.header('accept-language') }).locale;
}

/** The caller's address: the socket's, or the first X-Forwarded-For hop behind a trusted proxy. */
export function clientIp(c: Context<ApiEnv>): string {
  if (env().TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

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

/** State changes must come from this site (CSRF) and stay within the address's write budget. */
async function guardStateChange(c: Context<ApiEnv>): Promise<void> {
  const { APP_URL, TRUSTED_ORIGINS, RATE_LIMIT_WRITES_PER_MINUTE } = env();
  const allowed = isAllowedOrigin({
    origin: c.req.header('origin'),
    secFetchSite: c.req.header('sec-fetch-site'),
    host: c.req.header('host'),
    trusted: APP_URL ? [APP_URL, ...TRUSTED_ORIGINS] : TRUSTED_ORIGINS,
  });
  if (!allowed) throw new AppError('origin_rejected');
  const result = await hitRateLimit({
    key: `writes:${clientIp(c)}`,
    limit: RATE_LIMIT_WRITES_PER_MINUTE,
    windowSeconds: 60,
  });
  if (!result.allowed) {
    throw new AppError('rate_limited', {
      values: { seconds: result.retryAfter },
      headers: { 'Retry-After': String(result.retryAfter) },
    });
  }
}

/**
 * Everything the API knows about a request before its handler runs: the caller's language, the
 * checks on state changes, and the member behind the request (from the session cookie); handlers
 * read `viewer` from here and nowhere else.
 */
export const requestContext = createMiddleware<ApiEnv>(async (c, next) => {
  c.header('X-Content-Type-Options', 'nosniff');
  c.set('locale', 'en');
  c.set('locale', await requestLocale(c));
  if (STATE_CHANGING.has(c.req.method)) await guardStateChange(c);
  const token = readSessionCookie(c);
  c.set('viewer', token ? await findSessionUser({ token }) : null);
  await next();
});
