import Cookies from 'js-cookie';
import { parseTrackingCookie, trackingFromQuery } from '@/lib/shared/attribution';
import type { Tracking } from '@/lib/shared/schemas/auth';
import { TRACKING_COOKIE, TRACKING_COOKIE_DAYS } from '@/lib/shared/values/auth';

export { trackingFromQuery };

/** The stored traffic source, checked again (a cookie can be anything); null when there is none. */
export function readTracking(): Tracking | null {
  return parseTrackingCookie(Cookies.get(TRACKING_COOKIE));
}

/**
 * Whether this browser asks not to be tracked (Global Privacy Control or Do Not Track): then no
 * attribution cookie is stored, here as on the server (proxy.ts).
 */
export function refusesTrackingHere(): boolean {
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.globalPrivacyControl === true || nav.doNotTrack === '1';
}

/**
 * The traffic source a signup names: the stored first touch, else the current page's address (a
 * visitor who refuses tracking keeps their source only within the page they came in by).
 */
export function signupTracking(): Tracking | null {
  return readTracking() ?? trackingFromQuery(new URLSearchParams(window.location.search));
}

/**
 * Stores the query's traffic source unless one is stored already: the first touch wins. The server
 * stores it already on the entry page's request (proxy.ts); this covers pages reached without one,
 * such as an address changed in the browser, with the same checks and the same rule.
 */
export function captureTracking(query: URLSearchParams): void {
  if (readTracking() || refusesTrackingHere()) return;
  const tracking = trackingFromQuery(query);
  if (!tracking) return;
  Cookies.set(TRACKING_COOKIE, JSON.stringify(tracking), {
    expires: TRACKING_COOKIE_DAYS,
    path: '/',
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
  });
}
