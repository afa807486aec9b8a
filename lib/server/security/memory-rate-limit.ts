import 'server-only';
import { processSingleton } from '../global';

/** One window's count of a key. */
interface Window {
  start: number;
  hits: number;
}

/** Keys are swept once they are this many windows old. */
const SWEEP_EVERY = 1_000;

/**
 * Fixed-window counters kept in this process's memory, for limits checked on every read (member
 * search and pages), where a database write per request would cost more than the read itself.
 * Each app instance counts on its own, so the limit is per instance.
 */
export function hitMemoryRateLimit(options: {
  key: string;
  limit: number;
  windowSeconds: number;
  now?: number;
}): { allowed: boolean; retryAfter: number } {
  const windows = processSingleton('memoryRateLimits', () => ({ map: new Map<string, Window>(), calls: 0 }));
  const now = options.now ?? Date.now();
  const windowMs = options.windowSeconds * 1_000;
  const start = Math.floor(now / windowMs) * windowMs;
  windows.calls += 1;
  if (windows.calls % SWEEP_EVERY === 0) {
    for (const [key, window] of windows.map) if (window.start < start) windows.map.delete(key);
  }
  const current = windows.map.get(options.key);
  const window = current && current.start === start ? current : { start, hits: 0 };
  window.hits += 1;
  windows.map.set(options.key, window);
  return {
    allowed: window.hits <= options.limit,
    retryAfter: Math.max(1, Math.ceil((start + windowMs - now) / 1_000)),
  };
}
