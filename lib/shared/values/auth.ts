// Plain values of the API contract (no zod): what the browser needs of auth. The schemas in
// lib/shared/schemas/auth.ts build on them and re-export them, so server code may import either.

/** The longest value of each traffic-source field (spec §3 "Tracking query stored"). */
export const TRACKING_FIELD_MAX = { network: 64, ref: 128, sub1: 128, sub2: 128, sub3: 128 } as const;

/**
 * What a traffic-source value may hold: letters (of any script) and digits, then also spaces and
 * `. _ ~ : % + / -`. It starts with a letter or digit, so no value is a spreadsheet formula
 * (`=`, `+`, `-`, `@`) in a report, and it holds no quotes, separators, brackets or control
 * characters. A value that does not fit is dropped, never stored.
 */
export const TRACKING_VALUE_PATTERN = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} ._~:%+/-]*$/u;

/** Cookie holding the first traffic source a visitor came from (JSON of the TrackingSchema). */
export const TRACKING_COOKIE = 'tracking';
export const TRACKING_COOKIE_DAYS = 30;

export const GENDERS = ['male', 'female'] as const;

export const DELETION_REASONS = [
  'found_partner',
  'no_matches',
  'too_expensive',
  'privacy',
  'too_many_messages',
  'other',
] as const;
