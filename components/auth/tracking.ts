import Cookies from 'js-cookie';
import type { Tracking } from '@/lib/shared/schemas/auth';
import { TRACKING_COOKIE, TRACKING_COOKIE_DAYS, TRACKING_FIELD_MAX } from '@/lib/shared/values/auth';
import { TRACKING_KEYS } from './tracking-keys';

const hasControlCharacter = (value: string) => [...value].some((c) => c.charCodeAt(0) < 0x20);
type TrackingKey = keyof typeof TRACKING_FIELD_MAX;
/** A value the server's TrackingSchema takes for this field. */
const fits = (key: TrackingKey, value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= TRACKING_FIELD_MAX[key];

/** The traffic source named by a query, each value checked as the server checks it; null if none. */
export function trackingFromQuery(query: URLSearchParams): Tracking | null {
  const tracking: Tracking = {};
  for (const key of TRACKING_KEYS) {
    const value = query.get(key)?.trim();
    if (!value || hasControlCharacter(value)) continue;
    if (fits(key, value)) tracking[key] = value;
  }
  return Object.keys(tracking).length > 0 ? tracking : null;
}

/** The stored traffic source, checked again (a cookie can be anything); null when there is none. */
export function readTracking(): Tracking | null {
  const raw = Cookies.get(TRACKING_COOKIE);
  if (!raw) return null;
  try {
    const stored: unknown = JSON.parse(raw);
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return null;
    const entries = Object.entries(stored);
    const valid = entries.every(
      ([key, value]) => key in TRACKING_FIELD_MAX && fits(key as TrackingKey, value),
    );
    return valid ? stored : null;
  } catch {
    return null;
  }
}

/** Stores the query's traffic source unless one is stored already: the first touch wins. */
export function captureTracking(query: URLSearchParams): void {
  if (readTracking()) return;
  const tracking = trackingFromQuery(query);
  if (!tracking) return;
  Cookies.set(TRACKING_COOKIE, JSON.stringify(tracking), {
    expires: TRACKING_COOKIE_DAYS,
    path: '/',
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
  });
}
