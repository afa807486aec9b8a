import { NextResponse, type NextRequest } from 'next/server';
import { LOCALE_HEADER, TIME_ZONE_HEADER } from '@/lib/i18n/locale-header';
import { pageServices } from '@/lib/server/pages/page-services';
import {
  LANDER_COOKIE,
  landerCookieValue,
  landerFromPath,
  parseLanderCookie,
  parseTrackingCookie,
  refusesTracking,
  trackingFromQuery,
} from '@/lib/shared/attribution';
import { CLIENT_ADDRESS_HEADER, resolveClient, type RequestClient } from '@/lib/shared/client-address';
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS, SESSION_COOKIE } from '@/lib/shared/constants';
import { resolveLocale } from '@/lib/shared/locales';
import {
  hasServerMark,
  PAGE_CLASS_HEADER,
  PAGE_COUNTED_HEADER,
  RENDER_TOKEN_HEADER,
  scriptNonce,
} from '@/lib/shared/page-class';
import { pageTimeZone, TIME_ZONE_COOKIE } from '@/lib/shared/time-zones';
import { TRACKING_COOKIE, TRACKING_COOKIE_DAYS } from '@/lib/shared/values/auth';
import {
  CONSOLE_LOCALE_COOKIE,
  CONSOLE_LOCALE_HEADER,
  consoleLocale,
  isConsolePath,
} from '@/lib/shared/console';

/** Who made the page request (the rule of lib/shared/client-address.ts, as the API applies it). */
function requestClient(request: NextRequest): RequestClient {
  return resolveClient(
    {
      header: (name) => request.headers.get(name),
      socketAddress: request.headers.get(CLIENT_ADDRESS_HEADER),
    },
    pageServices().env().TRUST_PROXY,
  );
}

/** Whether the page was requested over TLS: directly, through a trusted proxy, or as APP_URL says. */
function isTls(request: NextRequest, client: RequestClient): boolean {
  if (request.nextUrl.protocol === 'https:' || client.isTls) return true;
  return Boolean(pageServices().env().APP_URL?.startsWith('https:'));
}

/**
 * Pages this site may show in a frame of its own (never another site's): the signup steps of the
 * landers' signup dialog.
 */
const FRAMEABLE_PAGES = new Set(['/signup/embedded']);

/**
 * The Content-Security-Policy of a page: scripts only with this request's nonce (Next puts it on its
 * own scripts) or loaded by them, no framing (but for FRAMEABLE_PAGES, by this site), no plugins, forms and connections to this site only.
 * Styles may be inline (style attributes of React components); photos, and the video lander's
 * video, may come from a CDN.
 */
function contentSecurityPolicy(nonce: string, tls: boolean, isFrameable: boolean): string {
  const isDev = pageServices().env().NODE_ENV === 'development';
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isDev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' https:",
    "font-src 'self' data:",
    `connect-src 'self'${isDev ? ' ws: wss:' : ''}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${isFrameable ? "'self'" : "'none'"}`,
    ...(tls ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** Headers every page carries besides the CSP. */
function securityHeaders(tls: boolean, isFrameable: boolean): Record<string, string> {
  return {
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': isFrameable ? 'SAMEORIGIN' : 'DENY',
    // "Use my location" needs geolocation on this site, the verification selfie its camera (a page
    // reached by client-side navigation keeps the policy of the first page, so it is site-wide);
    // nothing needs the rest.
    'Permissions-Policy':
      'geolocation=(self), camera=(self), microphone=(), payment=(), usb=(), interest-cohort=()',
    ...(tls ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * Pages rendered as for a visitor whoever asks: the offline page, which the service worker keeps
 * in the browser's cache (public/sw-push.js), must hold no member's data.
 */
const SESSIONLESS_PAGES = new Set(['/offline']);

/** The request's Cookie header without the session cookie. */
function withoutSession(request: NextRequest): string {
  return (request.headers.get('cookie') ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair && pair.split('=')[0]?.trim() !== SESSION_COOKIE)
    .join('; ');
}

/** Whether the path names a file (a public picture, a text file) rather than a page. */
const isFilePath = (pathname: string) => /\.[a-z0-9]+$/i.test(pathname);

/**
 * The first-touch attribution cookies this page request sets (spec §3 "Tracking query stored"): the
 * traffic source of its query when none is stored yet, and the lander it is when no lander is stored
 * yet. A stored value that does not pass the checks counts as none, as in the browser
 * (components/auth/tracking.ts). Nothing for a logged-in member (their signup is behind them), nor
 * for a visitor who asks not to be tracked (Global Privacy Control, Do Not Track): their visit still
 * counts through its own address (see README, Acquisition).
 */
function firstTouchCookies(request: NextRequest): { name: string; value: string }[] {
  const { pathname, searchParams } = request.nextUrl;
  if (isFilePath(pathname) || refusesTracking(request.headers) || request.cookies.has(SESSION_COOKIE))
    return [];
  const set: { name: string; value: string }[] = [];
  if (!parseTrackingCookie(request.cookies.get(TRACKING_COOKIE)?.value)) {
    const tracking = trackingFromQuery(searchParams);
    if (tracking) set.push({ name: TRACKING_COOKIE, value: JSON.stringify(tracking) });
  }
  if (!parseLanderCookie(request.cookies.get(LANDER_COOKIE)?.value)) {
    const touch = landerFromPath(pathname);
    if (touch) set.push({ name: LANDER_COOKIE, value: landerCookieValue(touch) });
  }
  return set;
}

/** The Cookie header with cookies added (set on this response, so the page sees them at once). */
function withCookies(header: string, added: readonly { name: string; value: string }[]): string {
  const names = new Set(added.map((cookie) => cookie.name));
  const kept = header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair && !names.has(pair.split('=')[0]?.trim() ?? ''));
  return [...kept, ...added.map(({ name, value }) => `${name}=${encodeURIComponent(value)}`)].join('; ');
}

/**
 * Resolves the locale of every page request (spec §4): the cookie, else the site's domain language
 * (which is then stored in the cookie), else the browser's language. The URL never carries it.
 * Every page also gets its security headers here, with a fresh script nonce, and a visitor's first
 * page the attribution cookies of where they came from.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const cookie = request.cookies.get(LOCALE_COOKIE)?.value;
  const domainLanguage = cookie
    ? null
    : await Promise.resolve(pageServices().getDomainLanguage(request.headers.get('host'))).catch(() => null);
  const { locale, source } = resolveLocale({
    cookie,
    domainLanguage,
    acceptLanguage: request.headers.get('accept-language'),
  });
  const isSessionless = SESSIONLESS_PAGES.has(request.nextUrl.pathname);
  const client = requestClient(request);
  // A class render of the page cache, and a view the server counted before handing it on, are not
  // counted again (lib/server/page-cache/member-page-cache.ts).
  const isCounted =
    hasServerMark(request.headers.get(RENDER_TOKEN_HEADER)) ||
    hasServerMark(request.headers.get(PAGE_COUNTED_HEADER));
  const limited = isCounted
    ? null
    : await pageServices().limitMemberPages({
        path: request.nextUrl.pathname,
        sessionToken: isSessionless ? undefined : request.cookies.get(SESSION_COOKIE)?.value,
        ip: client.address,
        locale,
      });
  if (limited) return new NextResponse(limited.body, limited);
  const tls = isTls(request, client);
  const nonce = scriptNonce();
  const isFrameable = FRAMEABLE_PAGES.has(request.nextUrl.pathname);
  const csp = contentSecurityPolicy(nonce, tls, isFrameable);
  const requestHeaders = new Headers(request.headers);
  // Only the server's own render requests name a page class (the server removes it from any other).
  if (!hasServerMark(request.headers.get(RENDER_TOKEN_HEADER))) requestHeaders.delete(PAGE_CLASS_HEADER);
  requestHeaders.set(LOCALE_HEADER, locale);
  requestHeaders.set(
    TIME_ZONE_HEADER,
    pageTimeZone({
      cookie: request.cookies.get(TIME_ZONE_COOKIE)?.value,
      geoipCountry: pageServices().env().TRUST_PROXY
        ? (request.headers.get('cf-ipcountry') ?? request.headers.get('x-geoip-country'))
        : null,
    }),
  );
  // Next reads the nonce from the request's policy and puts it on the scripts it renders.
  requestHeaders.set('Content-Security-Policy', csp);
  requestHeaders.set('x-nonce', nonce);
  if (isSessionless) requestHeaders.set('cookie', withoutSession(request));
  const isConsole = isConsolePath(request.nextUrl.pathname);
  if (isConsole) {
    requestHeaders.set(
      CONSOLE_LOCALE_HEADER,
      consoleLocale(
        request.cookies.get(CONSOLE_LOCALE_COOKIE)?.value,
        request.headers.get('accept-language'),
      ),
    );
  }
  // The operator console is no way in for visitors: nothing of theirs is recorded there.
  const attribution = isConsole ? [] : firstTouchCookies(request);
  if (attribution.length)
    requestHeaders.set('cookie', withCookies(requestHeaders.get('cookie') ?? '', attribution));
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', csp);
  for (const [name, value] of Object.entries(securityHeaders(tls, isFrameable)))
    response.headers.set(name, value);
  if (isConsole) response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  if (source === 'domain' && !isConsole) {
    response.cookies.set(LOCALE_COOKIE, locale, {
      maxAge: LOCALE_COOKIE_DAYS * 86_400,
      path: '/',
      sameSite: 'lax',
    });
  }
  // Read by the signup in the browser too, so not HttpOnly; values are checked wherever they are read.
  for (const { name, value } of attribution) {
    response.cookies.set(name, value, {
      maxAge: TRACKING_COOKIE_DAYS * 86_400,
      path: '/',
      sameSite: 'lax',
      secure: tls,
    });
  }
  return response;
}

export const config = {
  matcher: [
    '/((?!api/|_next/|cdn/|favicon.ico|icons/|icon.svg|apple-icon.png|sw-push.js|mockServiceWorker.js|manifest.webmanifest|robots.txt).*)',
  ],
};
