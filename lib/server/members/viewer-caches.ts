import 'server-only';
import { processSingleton } from '../global';

// Short-lived answers per member: what the swipe stack and the match-finder read for a viewer (their
// own profile and answers, the members dealt to them), so a repeated call costs a lookup instead of
// the statements. Everything a member's change makes stale is dropped at once by `dropViewerCaches`,
// called by every change of a member's profile, visibility, likes, passes and blocks; what other
// members change shows within VIEWER_CACHE_TTL_MS at the latest.

/** How long an answer is kept at most. */
export const VIEWER_CACHE_TTL_MS = 30_000;
/** Answers kept at most in one process; past this the oldest go first. */
const MAX_ENTRIES = 20_000;

interface Entry {
  memberId: number;
  value: unknown;
  /** The instant the answer is for (the caller's `now`). */
  at: number;
  expiresAt: number;
}

interface Store {
  /** `memberId:key` → answer, oldest first (insertion order). */
  entries: Map<string, Entry>;
  /** The keys each member has answers under. */
  keysOf: Map<number, Set<string>>;
  /** Bumped by every drop of a member: a load begun before it does not store its (stale) answer. */
  generations: Map<number, number>;
  counter: number;
  /** Bumped when `generations` is emptied (it only grows otherwise): every load in flight then stores nothing. */
  epoch: number;
}

const store = () =>
  processSingleton<Store>('viewer-caches', () => ({
    entries: new Map(),
    keysOf: new Map(),
    generations: new Map(),
    counter: 0,
    epoch: 0,
  }));

function forget(s: Store, fullKey: string): void {
  const entry = s.entries.get(fullKey);
  if (!entry) return;
  s.entries.delete(fullKey);
  const keys = s.keysOf.get(entry.memberId);
  keys?.delete(fullKey);
  if (keys && keys.size === 0) s.keysOf.delete(entry.memberId);
}

/**
 * The member's answer under `key` for the instant `at`, from the cache while it is fresh (kept less
 * than VIEWER_CACHE_TTL_MS ago, for an instant less than that apart), else from `load` (then kept
 * unless the member changed something meanwhile). The answer is shared between callers: treat it as
 * read-only.
 */
export async function viewerCached<T>(
  memberId: number,
  key: string,
  at: Date,
  load: () => Promise<T>,
): Promise<T> {
  const s = store();
  const fullKey = `${memberId}:${key}`;
  const hit = s.entries.get(fullKey);
  if (hit && hit.expiresAt > Date.now() && Math.abs(at.getTime() - hit.at) < VIEWER_CACHE_TTL_MS) {
    return hit.value as T;
  }
  if (hit) forget(s, fullKey);
  const [generation, epoch] = [s.generations.get(memberId) ?? 0, s.epoch];
  const value = await load();
  if ((s.generations.get(memberId) ?? 0) !== generation || s.epoch !== epoch) return value;
  forget(s, fullKey);
  s.entries.set(fullKey, { memberId, value, at: at.getTime(), expiresAt: Date.now() + VIEWER_CACHE_TTL_MS });
  let keys = s.keysOf.get(memberId);
  if (!keys) s.keysOf.set(memberId, (keys = new Set()));
  keys.add(fullKey);
  while (s.entries.size > MAX_ENTRIES) {
    const oldest = s.entries.keys().next().value;
    if (oldest === undefined) break;
    forget(s, oldest);
  }
  return value;
}

/**
 * Drops every cached answer of these members: call it on each change to a member's profile or
 * visibility, their likes (sent or received), swipe passes and blocks (either side), and their
 * premium state. The one place where the drop happens, so it can also be carried to other instances.
 */
export function dropViewerCaches(...memberIds: number[]): void {
  const s = store();
  for (const memberId of memberIds) {
    s.counter += 1;
    s.generations.set(memberId, s.counter);
    for (const fullKey of [...(s.keysOf.get(memberId) ?? [])]) forget(s, fullKey);
  }
  // Generations only matter for loads in flight: when they pile up, they go all at once, and so do
  // the answers of the loads in flight (the epoch).
  if (s.generations.size > MAX_ENTRIES * 2) {
    s.generations.clear();
    s.epoch += 1;
  }
}
