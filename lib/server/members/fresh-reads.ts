import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { processSingleton } from '../global';

// Read-your-writes for the short-lived answers kept per member (viewer-caches.ts) when several
// processes or machines serve the site. A change drops the answers it makes stale at once in the
// process that made it, but other processes hear of it over the bus a few milliseconds later: a read
// landing there first would get the answer from before the change (a like given, then the likes list
// without it). So a response to a request that dropped answers carries a cookie with the instant it
// was sent; a later request from that browser, on any process, takes no kept answer that was loaded
// before that instant (less a margin for the clocks of different machines). Others' changes still
// reach a member's answers through the bus, within milliseconds.

/** The cookie: the instant (ms since the epoch) this browser last got the answer to a change. */
export const FRESH_READS_COOKIE = 'fresh_after';
/** Kept answers live 30 s at most (VIEWER_CACHE_TTL_MS): past this the cookie no longer matters. */
export const FRESH_READS_MAX_AGE_SECONDS = 60;
/** How far the clocks of two machines may differ (NTP keeps them within milliseconds). */
export const CLOCK_MARGIN_MS = 1_000;

interface Scope {
  /** Kept answers loaded before this instant (this process's clock) are not used. */
  readonly loadedAfter: number | null;
  /** Whether the request dropped kept answers. */
  dropped: boolean;
}

const storage = () => processSingleton('fresh-reads', () => new AsyncLocalStorage<Scope>());

/** The cookie's instant, when it is a plausible one (not from the future, not expired). */
export function parseFreshAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const at = Number(value);
  if (at > now + CLOCK_MARGIN_MS || at < now - FRESH_READS_MAX_AGE_SECONDS * 1000) return null;
  return at;
}

/**
 * Runs one request's work with the browser's cookie value (undefined without one); the answer says
 * whether the work dropped kept answers, so the response must carry a new cookie.
 */
export async function withFreshReads<T>(
  cookie: string | undefined,
  work: () => Promise<T>,
): Promise<{ result: T; dropped: boolean }> {
  const at = parseFreshAfter(cookie);
  const scope: Scope = { loadedAfter: at === null ? null : at + CLOCK_MARGIN_MS, dropped: false };
  const result = await storage().run(scope, work);
  return { result, dropped: scope.dropped };
}

/** The instant a kept answer must have been loaded after to serve this request (null: any). */
export function keptAnswersLoadedAfter(): number | null {
  return storage().getStore()?.loadedAfter ?? null;
}

/** Notes that the request being served dropped kept answers. */
export function noteAnswersDropped(): void {
  const scope = storage().getStore();
  if (scope) scope.dropped = true;
}
