import type { Tracking } from '@/lib/shared/schemas/auth';

/** The query parameters that name a traffic source (spec §3 "Tracking query stored"). */
export const TRACKING_KEYS = [
  'network',
  'ref',
  'sub1',
  'sub2',
  'sub3',
] as const satisfies readonly (keyof Tracking)[];

// Every field of the schema is read: a field added there without being listed here fails to compile.
type Unlisted = Exclude<keyof Tracking, (typeof TRACKING_KEYS)[number]>;
const _allKeysListed: [Unlisted] extends [never] ? true : never = true;

/** Cookie holding the lander of the first touch: `gallery`, or `gallery/berlin` with its campaign slug. */
export const LANDER_COOKIE = 'lander';
