import { pageServices } from '@/lib/server/pages/page-services';
import { DEFAULT_TIME_ZONE, normalizeTimeZone, timeZoneOfServedCountry } from '@/lib/shared/time-zones';

/**
 * The time zone a page shows times in: the browser's own (its `tz` cookie, checked), else that of
 * the visitor's country when a trusted proxy names it, else the company's. The browser sets the
 * cookie on its first page, so only that page can be on another clock.
 */
export function requestTimeZone(request: {
  cookie: string | undefined;
  header: (name: string) => string | null;
}): string {
  const fromBrowser = normalizeTimeZone(request.cookie);
  if (fromBrowser) return fromBrowser;
  let isProxyTrusted = false;
  try {
    isProxyTrusted = pageServices().env().TRUST_PROXY;
  } catch {
    // Outside the server (a build): no visitor to place.
  }
  const country = isProxyTrusted
    ? (request.header('cf-ipcountry') ?? request.header('x-geoip-country'))
    : null;
  return timeZoneOfServedCountry(country?.toUpperCase()) ?? DEFAULT_TIME_ZONE;
}
