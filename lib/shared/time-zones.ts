import { COUNTRY_TIME_ZONES } from './country-time-zones';

/**
 * The cookie the browser keeps its time zone in (`Europe/Berlin`), written by the app's pages
 * (components/layout/time-zone-cookie.tsx): pages render times in it, and the member's account keeps
 * it for mail and messages sent while they are away.
 */
export const TIME_ZONE_COOKIE = 'tz';
export const TIME_ZONE_COOKIE_DAYS = 365;

/** The zone of the company's own clock, for a visitor whose zone is not known yet. */
export const DEFAULT_TIME_ZONE = 'Europe/Amsterdam';

/** Names of IANA zones: letters, digits, `_`, `+`, `-` and `/` (offsets with `:` are not zones). */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;
const known = new Map<string, string | null>();

/**
 * An IANA time zone as this runtime spells it (`america/new_york` → `America/New_York`), or null for
 * anything the runtime does not know: the one check a zone from a browser passes before it is kept
 * or used.
 */
export function normalizeTimeZone(value: unknown): string | null {
  if (typeof value !== 'string' || !ZONE_NAME.test(value)) return null;
  const hit = known.get(value);
  if (hit !== undefined) return hit;
  let zone: string | null;
  try {
    zone = new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    zone = null;
  }
  if (known.size > 1_000) known.clear();
  known.set(value, zone);
  return zone;
}

/** The zone most of a served country's people live in, or null for another country. */
export function timeZoneOfServedCountry(country: string | null | undefined): string | null {
  return country ? ((COUNTRY_TIME_ZONES as Record<string, string | undefined>)[country] ?? null) : null;
}

/** The zone to tell a member a time in: their browser's (kept on the account), else their country's. */
export function memberTimeZone(member: {
  timeZone: string | null;
  countries: readonly (string | null | undefined)[];
}): string {
  return (
    normalizeTimeZone(member.timeZone) ??
    member.countries.map(timeZoneOfServedCountry).find((zone) => zone !== null) ??
    DEFAULT_TIME_ZONE
  );
}

/**
 * A moment as a member reads it in mail and messages: date and time in their language and zone,
 * with the zone's name ("July 1, 2026 at 8:00 AM Eastern Daylight Time").
 */
export function formatMemberTime(instant: Date, options: { locale: string; timeZone: string }): string {
  return new Intl.DateTimeFormat(options.locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: options.timeZone,
    timeZoneName: 'long',
  }).format(instant);
}

/**
 * The time zone a page shows times in: the browser's own (its cookie, checked), else that of the
 * visitor's country when a trusted proxy names it, else the company's. The app's pages set the cookie
 * on a visitor's first page, so only that page can be on another clock.
 */
export function pageTimeZone(request: { cookie: string | undefined; geoipCountry: string | null }): string {
  return (
    normalizeTimeZone(request.cookie) ??
    timeZoneOfServedCountry(request.geoipCountry?.trim().toUpperCase()) ??
    DEFAULT_TIME_ZONE
  );
}
