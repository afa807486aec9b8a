import 'server-only';

// Read-your-writes for the short-lived answers kept per member (viewer-caches.ts) when several
// processes or machines serve the site. A change drops the answers it makes stale at once in the
// process that made it, but other processes hear of it over the bus a few milliseconds later: a read
// landing there first would get the answer from before the change (a like given, then the likes list
// without it). So the answer to a change carries the instant it was sent in a cookie; when a later
// request from that browser names its member, on any process, that member's kept answers loaded
// before that instant (less a margin for the clocks of different machines) are not used again
// (`readFreshAfter`). The cookie is FRESH_READS_COOKIE (lib/shared/constants.ts). Others' changes still reach a member's answers through the bus, within
// milliseconds.
/** Kept answers live 30 s at most (VIEWER_CACHE_TTL_MS): past this the cookie no longer matters. */
export const FRESH_READS_MAX_AGE_SECONDS = 60;
/** How far the clocks of two machines may differ (NTP keeps them within milliseconds). */
export const CLOCK_MARGIN_MS = 1_000;

/**
 * The instant kept answers must have been loaded after, from the cookie's value: null without one,
 * or for one that is not plausible (from the future, expired, not a number).
 */
export function freshReadsFloor(value: string | undefined, now = Date.now()): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const at = Number(value);
  if (at > now + CLOCK_MARGIN_MS || at < now - FRESH_READS_MAX_AGE_SECONDS * 1000) return null;
  return at + CLOCK_MARGIN_MS;
}
