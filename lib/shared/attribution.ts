// Where a visitor came from, as both the browser and the server read and write it: the traffic
// source (network, ref, sub1–sub3) and the lander of the first touch. Plain code without zod, so the
// browser's part stays small; each value is checked as the server's TrackingSchema checks it.
import type { Tracking } from '@/lib/shared/schemas/auth';
import { TRACKING_FIELD_MAX, TRACKING_VALUE_PATTERN } from '@/lib/shared/values/auth';
import { campaignSlug, isFunnelLander, LANDERS, type FunnelLander } from '@/lib/shared/values/landers';
import { TRACKING_KEYS } from '@/lib/shared/values/tracking';

export { LANDER_COOKIE, TRACKING_KEYS } from '@/lib/shared/values/tracking';

type TrackingKey = (typeof TRACKING_KEYS)[number];
/**
 * A value the server's TrackingSchema keeps for this field: within its length, of the safe
 * characters (TRACKING_VALUE_PATTERN: never empty, a formula, a quote or a control character).
 */
export const fitsTracking = (key: TrackingKey, value: unknown): value is string =>
  typeof value === 'string' && value.length <= TRACKING_FIELD_MAX[key] && TRACKING_VALUE_PATTERN.test(value);

/**
 * The values of a traffic source that fit (trimmed), the others dropped; null when none is left.
 * What is stored of a source passes through here, whoever named it.
 */
export function cleanTracking(
  source: Partial<Record<TrackingKey, unknown>> | null | undefined,
): Tracking | null {
  if (!source) return null;
  const tracking: Tracking = {};
  for (const key of TRACKING_KEYS) {
    const raw = source[key];
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (fitsTracking(key, value)) tracking[key] = value;
  }
  return Object.keys(tracking).length > 0 ? tracking : null;
}

/** The traffic source named by a query, each value checked as the server checks it; null if none. */
export function trackingFromQuery(query: URLSearchParams): Tracking | null {
  return cleanTracking(Object.fromEntries(TRACKING_KEYS.map((key) => [key, query.get(key)])));
}

/** Whether a query carries any traffic-source parameter at all (cheap: nothing is checked). */
export const hasTrackingQuery = (query: URLSearchParams): boolean =>
  TRACKING_KEYS.some((key) => query.has(key));

function parseJsonObject(raw: string): Record<string, unknown> | null {
  for (const text of [raw, safeDecode(raw)]) {
    if (text === null) continue;
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === 'object' && value !== null && !Array.isArray(value))
        return value as Record<string, unknown>;
      return null;
    } catch {
      // A value still URL-encoded (read by something that does not decode cookies): decoded next.
    }
  }
  return null;
}

function safeDecode(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/**
 * The traffic source stored in the tracking cookie, checked again (a cookie can be anything): null
 * when there is none or anything in it is wrong, so a broken cookie counts as no first touch.
 * Takes the value as cookie readers hand it out (decoded), or still URL-encoded.
 */
export function parseTrackingCookie(raw: string | null | undefined): Tracking | null {
  if (!raw) return null;
  const stored = parseJsonObject(raw);
  if (!stored) return null;
  const entries = Object.entries(stored);
  if (entries.length === 0) return null;
  const isValid = entries.every(
    ([key, value]) =>
      (TRACKING_KEYS as readonly string[]).includes(key) && fitsTracking(key as TrackingKey, value),
  );
  return isValid ? stored : null;
}

/** The lander of the first touch and its campaign variant. */
export interface LanderTouch {
  lander: FunnelLander;
  slug: string | null;
}

/** Landers that take no campaign slug (more than the lander is a 404 there). */
const WITHOUT_SLUG: readonly FunnelLander[] = ['tinderswipe', 'member-signup', 'member-landing'];

const MEMBER_LANDING_PATHS: Record<string, FunnelLander> = {
  signup: 'member-signup',
  landing: 'member-landing',
  landing2: 'member-landing2',
  landing3: 'member-landing3',
};

function touch(lander: FunnelLander, rawSlug: string | undefined): LanderTouch | null {
  if (rawSlug === undefined) return { lander, slug: null };
  if (WITHOUT_SLUG.includes(lander)) return null;
  // An unusable slug still renders the lander (without it): the touch counts, without the slug.
  return { lander, slug: campaignSlug(rawSlug)?.slug ?? null };
}

/**
 * The lander a page address is, with its campaign slug: `/landers/{name}[/{slug}]` and the member
 * landings `/members/{id}/signup`, `/landing`, `/landing2[/{slug}]`, `/landing3[/{slug}]`; null for
 * any other page (and for addresses those pages answer with 404).
 */
export function landerFromPath(pathname: string): LanderTouch | null {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] === 'landers' && parts.length >= 2 && parts.length <= 3) {
    const name = parts[1];
    if (!(LANDERS as readonly string[]).includes(name ?? '') || !isFunnelLander(name)) return null;
    return touch(name, parts[2]);
  }
  if (
    parts[0] === 'members' &&
    parts.length >= 3 &&
    parts.length <= 4 &&
    /^[1-9]\d{0,9}$/.test(parts[1] ?? '')
  ) {
    const lander = MEMBER_LANDING_PATHS[parts[2] ?? ''];
    return lander ? touch(lander, parts[3]) : null;
  }
  return null;
}

/** The lander cookie's value for a touch. */
export const landerCookieValue = (touch: LanderTouch): string =>
  touch.slug ? `${touch.lander}/${touch.slug}` : touch.lander;

/** The lander of the first touch from its cookie, checked; null when there is none or it is wrong. */
export function parseLanderCookie(raw: string | null | undefined): LanderTouch | null {
  if (!raw || raw.length > 200) return null;
  const [lander, slug, ...rest] = raw.split('/');
  if (rest.length > 0 || !isFunnelLander(lander)) return null;
  if (slug === undefined) return { lander, slug: null };
  const checked = campaignSlug(slug);
  return checked && checked.slug === slug && !WITHOUT_SLUG.includes(lander) ? { lander, slug } : null;
}

/** Something with request headers, as the proxy, the API and the browser's fetch each have. */
interface HeaderSource {
  get(name: string): string | null | undefined;
}

/**
 * Whether the request asks not to be tracked: Global Privacy Control (`Sec-GPC: 1`) or Do Not
 * Track (`DNT: 1`). Such a visit gets no attribution cookies and passes nothing to partners; its own
 * address still counts for what happens during it.
 */
export function refusesTracking(headers: HeaderSource): boolean {
  return headers.get('sec-gpc')?.trim() === '1' || headers.get('dnt')?.trim() === '1';
}
