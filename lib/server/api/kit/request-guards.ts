import 'server-only';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { resolveClient, type RequestClient } from '@/lib/shared/client-address';
import { LOCALE_COOKIE } from '@/lib/shared/constants';
import { resolveLocale, type Locale } from '@/lib/shared/locales';
import { env } from '../../env';
import { AppError } from '../../errors';
import { countMemoryRateLimit } from '../../security/memory-rate-limit';
import { hitRateLimits, memberBudgetKey } from '../../security/rate-limit';
import { getDomainLanguage } from '../../settings/get-settings';
import { isSiteDomain } from '../../settings/is-site-domain';
import type { ApiEnv } from '../context';
import type { RateLimitRule } from './define-route';

/** API messages follow the same locale rule as pages: cookie, domain language, browser language. */
export async function requestLocale(c: Context<ApiEnv>): Promise<Locale> {
  const cookie = getCookie(c, LOCALE_COOKIE);
  const domainLanguage = cookie ? null : await getDomainLanguage(c.req.header('host'));
  return resolveLocale({ cookie, domainLanguage, acceptLanguage: c.req.header('accept-language') }).locale;
}

/**
 * Who made the request: the socket's address, or the one the trusted proxies appended to
 * X-Forwarded-For, with the scheme and country they report (see TRUST_PROXY).
 */
export function requestClient(c: Context<ApiEnv>): RequestClient {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    // A request made in process (tests) has no socket.
  }
  return resolveClient({ header: (name) => c.req.header(name), socketAddress }, env().TRUST_PROXY);
}

/** The caller's address (see requestClient). */
export function clientIp(c: Context<ApiEnv>): string {
  return requestClient(c).address;
}

/** Whether the request reached us over TLS: directly, or through a trusted proxy that says so. */
export function isTlsRequest(c: Context<ApiEnv>): boolean {
  return c.req.url.startsWith('https:') || requestClient(c).isTls;
}

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/** localhost, 127.x.x.x or [::1]: a browser on the serving machine itself. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.test(hostname.toLowerCase());
}

/**
 * Whether a state-changing request comes from this site. Its Origin must be APP_URL, one of
 * TRUSTED_ORIGINS, or the host the request was made for when that host is a configured site domain
 * (or a loopback address, for a copy running on one's own machine). A Host header alone decides
 * nothing: a request for an unknown host is refused whatever its Origin says.
 */
export async function isAllowedOrigin(options: {
  origin: string | undefined;
  secFetchSite: string | undefined;
  host: string | undefined;
  trusted: readonly string[];
}): Promise<boolean> {
  const { origin, host } = options;
  if (!origin || origin === 'null') return options.secFetchSite === 'same-origin';
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  const wanted = parsed.origin.toLowerCase();
  if (options.trusted.some((t) => t.replace(/\/$/, '').toLowerCase() === wanted)) return true;
  if (!host || parsed.host.toLowerCase() !== host.toLowerCase()) return false;
  return isLoopbackHost(parsed.hostname) || (await isSiteDomain(host));
}

/** The origins allowed besides configured site domains: APP_URL and TRUSTED_ORIGINS. */
export function trustedOrigins(): string[] {
  const { APP_URL, TRUSTED_ORIGINS } = env();
  return APP_URL ? [new URL(APP_URL).origin, ...TRUSTED_ORIGINS] : TRUSTED_ORIGINS;
}

/** Refuses a state change that did not come from this site (CSRF). */
export async function checkOrigin(c: Context<ApiEnv>): Promise<void> {
  const allowed = await isAllowedOrigin({
    origin: c.req.header('origin'),
    secFetchSite: c.req.header('sec-fetch-site'),
    host: c.req.header('host'),
    trusted: trustedOrigins(),
  });
  if (!allowed) throw new AppError('origin_rejected');
}

/**
 * For the few GET routes that change state because the spec says so (logout): a cross-site page
 * must not be able to trigger them. Browsers say where a request comes from in Sec-Fetch-Site;
 * older ones in Origin or Referer.
 */
export async function checkSameSiteNavigation(c: Context<ApiEnv>): Promise<void> {
  const site = c.req.header('sec-fetch-site');
  if (site) {
    if (site === 'same-origin' || site === 'none') return;
    throw new AppError('origin_rejected');
  }
  const origin = c.req.header('origin') || refererOrigin(c.req.header('referer'));
  if (!origin) return;
  await checkOriginValue(c, origin);
}

async function checkOriginValue(c: Context<ApiEnv>, origin: string): Promise<void> {
  const allowed = await isAllowedOrigin({
    origin,
    secFetchSite: undefined,
    host: c.req.header('host'),
    trusted: trustedOrigins(),
  });
  if (!allowed) throw new AppError('origin_rejected');
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * Counts one call against a budget; over it, 429 with Retry-After. A `subject` budget counts the
 * `subject` given (a handler spending it once it knows what the call is about).
 */
export async function spendRateLimit(options: {
  rule: RateLimitRule;
  ip: string;
  userId: number | null;
  subject?: string;
}): Promise<void> {
  const { rule, ...caller } = options;
  await spendRateLimits({ rules: [rule], ...caller });
}

/**
 * Counts one call against each budget, those shared by every instance in one go (one statement of
 * the database, or side by side in Redis); over any of them, 429 with Retry-After (the first
 * refusing budget's own answer, in the order given).
 */
export async function spendRateLimits(options: {
  rules: readonly RateLimitRule[];
  ip: string;
  userId: number | null;
  subject?: string;
}): Promise<void> {
  const hits = options.rules.map((rule) => {
    if (rule.per === 'subject' && options.subject === undefined) {
      throw new Error(`rate limit ${rule.name} is counted per subject, and none was given`);
    }
    const key =
      rule.per === 'subject'
        ? `${rule.name}:s:${options.subject}`
        : rule.per === 'member-or-address' && options.userId !== null
          ? memberBudgetKey(rule.name, options.userId)
          : `${rule.name}:${options.ip}`;
    const limit = typeof rule.limit === 'function' ? rule.limit() : rule.limit;
    return { rule, hit: { key, limit, windowSeconds: rule.windowSeconds } };
  });
  const shared = hits.filter(({ rule }) => rule.store === 'database');
  const sharedResults = hitRateLimits(shared.map(({ hit }) => hit));
  const results = await Promise.all(
    hits.map((counted) =>
      counted.rule.store === 'memory'
        ? countMemoryRateLimit(counted.hit)
        : sharedResults.then((all) => all[shared.indexOf(counted)]),
    ),
  );
  hits.forEach(({ rule }, i) => {
    const result = results[i];
    if (result && !result.allowed) throw rule.refusal?.(result.retryAfter) ?? rateLimited(result.retryAfter);
  });
}

/** The 429 answer, with the seconds to wait in the text and in Retry-After. */
export function rateLimited(retryAfter: number): AppError {
  return new AppError('rate_limited', {
    values: { seconds: retryAfter },
    headers: { 'Retry-After': String(retryAfter) },
  });
}

/** Every state change spends from its address's write budget. */
export const WRITE_BUDGET: RateLimitRule = {
  name: 'writes',
  limit: () => env().RATE_LIMIT_WRITES_PER_MINUTE,
  windowSeconds: 60,
  per: 'address',
  store: 'database',
};
