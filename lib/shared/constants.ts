/** Business constants of the product (spec §9). */

export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_DAYS = 365;
export const AUTH_COOKIE_PREFIX = 'auth';
export const AUTH_COOKIE_DAYS = 30;

export const HTTP_RETRIES = 5;
export const CHUNK_RELOAD_GUARD_MS = 60_000;

export const LOADING_BAR = { durationMs: 5_000, throttleMs: 200, hideAfterMs: 500 } as const;

export const CREDIT_BADGE_THRESHOLD = 10;
export const UNREAD_BADGE_CAP = 99;

export const PHOTO_LIMIT = { free: 3, premium: 25 } as const;
export const FREE_CONVERSATION_LIMIT = 2;
export const SWIPE_LIKES_PER_DAY = 4;
export const REACTIVATION_DAYS = 14;
/** How long a password-reset link works. */
export const PASSWORD_RESET_LINK_HOURS = 2;

export const TIME_BONUS = { code: 'TIMEBONUS25', percentage: 25, windowSeconds: 14_400 } as const;
export const WELCOME_DISCOUNT_PERCENTAGE = 25;

export const REFRESH = { intervalMs: 60_000, pushIntervalMs: 300_000, startAfterMs: 5_000 } as const;
export const TIME_BONUS_MODAL_DELAY_MS = 40_000;
export const GEOLOCATION_CACHE_MS = 3_600_000;
export const AUTO_LIKE_FOLLOW_UP_MS = 500;

/** Default terms version date, replaced by the company's `added` date when that is later. */
export const TERMS_VERSION_DATE = '2023-12-01T12:00:00Z';

/** Site-entry warning acceptance is remembered in this cookie. */
export const ENTRY_WARNING_COOKIE = 'site_entry_accepted';

/** The countries the product serves, in the order the language picker groups them. */
export const SERVED_COUNTRIES = [
  'NL',
  'BE',
  'DE',
  'AT',
  'CH',
  'GB',
  'IE',
  'US',
  'CA',
  'AU',
  'NZ',
  'DK',
  'SE',
  'NO',
  'FI',
  'FR',
  'ES',
  'IT',
  'PL',
] as const;
export type CountryCode = (typeof SERVED_COUNTRIES)[number];

export function isServedCountry(value: unknown): value is CountryCode {
  return typeof value === 'string' && (SERVED_COUNTRIES as readonly string[]).includes(value);
}

/** Name of the session cookie (prefix `auth`, spec §9). */
export const SESSION_COOKIE = 'auth_session';
/** The instant (ms) the browser last got the answer to a change of its member (lib/server/members/fresh-reads.ts). */
export const FRESH_READS_COOKIE = 'fresh_after';

/** The colour theme a member chose on this device; without it the system's setting applies. */
export const THEME_COOKIE = 'theme';
export const THEME_COOKIE_DAYS = 365;
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** A cookie's value as a theme, or null for "follow the system". */
export function parseTheme(value: string | undefined | null): Theme | null {
  return THEMES.find((theme) => theme === value) ?? null;
}
