// Plain values of the API contract (no zod): what the browser needs of auth. The schemas in
// lib/shared/schemas/auth.ts build on them and re-export them, so server code may import either.

/** The longest value of each traffic-source field (spec §3 "Tracking query stored"). */
export const TRACKING_FIELD_MAX = { network: 64, ref: 128, sub1: 128, sub2: 128, sub3: 128 } as const;

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
