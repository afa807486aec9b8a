import Cookies from 'js-cookie';
import { TrackingSchema, type Tracking } from '@/lib/shared/schemas/auth';
import { TRACKING_COOKIE, TRACKING_COOKIE_DAYS } from '@/lib/shared/schemas/auth';
import { TRACKING_KEYS } from './tracking-keys';

const hasControlCharacter = (value: string) => [...value].some((c) => c.charCodeAt(0) < 0x20);

/** The traffic source named by a query, each value checked against the TrackingSchema; null if none. */
export function trackingFromQuery(query: URLSearchParams): Tracking | null {
  const tracking: Tracking = {};
  for (const key of TRACKING_KEYS) {
    const value = query.get(key)?.trim();
    if (!value || hasControlCharacter(value)) continue;
    const checked = TrackingSchema.shape[key].safeParse(value);
    if (checked.success && checked.data) tracking[key] = checked.data;
  }
  return Object.keys(tracking).length > 0 ? tracking : null;
}

/** The stored traffic source, checked again (a cookie can be anything); null when there is none. */
export function readTracking(): Tracking | null {
  const raw = Cookies.get(TRACKING_COOKIE);
  if (!raw) return null;
  try {
    const checked = TrackingSchema.safeParse(JSON.parse(raw));
    return checked.success ? checked.data : null;
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
