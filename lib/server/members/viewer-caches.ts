import 'server-only';
import { messageBus } from '../bus/get-message-bus';
import type { MessageBus } from '../bus/message-bus';
import { processSingleton } from '../global';
import { freshReadsFloor } from './fresh-reads';

// Short-lived answers per member: what the swipe stack and the match-finder read for a viewer (their
// own profile and answers, the members dealt to them), and the member's likes, so a repeated call
// costs a lookup instead of the statements. Everything a member's change makes stale is dropped at
// once by `dropViewerCaches`, called by every change of a member's profile, visibility, likes, passes
// and blocks. An answer that lists other members (the likes) is dropped by their changes too; what
// other members change shows in the rest within VIEWER_CACHE_TTL_MS at the latest. Other processes
// hear of a drop over the bus; until then the browser that made the change is served no answer
// loaded before it (fresh-reads.ts, readFreshAfter).

/** The bus channel on which instances tell each other whose answers to drop (`<id>,<id>,…`). */
export const VIEWER_CACHES_CHANNEL = 'viewer_caches';

/** How long an answer is kept at most. */
export const VIEWER_CACHE_TTL_MS = 30_000;
/** Answers kept at most in one process; past this the oldest go first. */
const MAX_ENTRIES = 20_000;

interface Entry {
  /** The member the answer is for, then the members it lists (a drop of any of them drops it). */
  memberIds: readonly number[];
  value: unknown;
  /** The instant the answer is for (the caller's `now`). */
  at: number;
  /** When its load began (this process's clock). */
  loadedAt: number;
  expiresAt: number;
}

interface Store {
  /** `memberId:key` → answer, oldest first (insertion order). */
  entries: Map<string, Entry>;
  /** The keys each member has answers under. */
  keysOf: Map<number, Set<string>>;
  /**
   * The counter's value at each member's last drop: a load begun before the drop of a member its
   * answer is about does not store its (stale) answer.
   */
  generations: Map<number, number>;
  counter: number;
  /** Bumped when `generations` is emptied (it only grows otherwise): every load in flight then stores nothing. */
  epoch: number;
  /** The bus this instance hears other instances' drops on (subscribed on first use), and the subscription. */
  listeningOn: MessageBus | null;
  listening: Promise<void> | null;
  /** Members whose drop is still to be told to other instances, in one message per tick. */
  unpublished: Set<number>;
  /** Per member, the instant their kept answers must have been loaded after (their browser's last change). */
  floors: Map<number, number>;
  /** Drops made by this process so far (a request that moved it may have changed something). */
  drops: number;
}

const store = () =>
  processSingleton<Store>('viewer-caches', () => ({
    entries: new Map(),
    keysOf: new Map(),
    generations: new Map(),
    counter: 0,
    epoch: 0,
    listeningOn: null,
    listening: null,
    unpublished: new Set(),
    floors: new Map(),
    drops: 0,
  }));

/** Subscribes this instance to other instances' drops, once per bus; a failure is tried again on next use. */
async function listen(s: Store): Promise<void> {
  let bus: MessageBus;
  try {
    bus = await messageBus();
  } catch (error) {
    console.error('[viewer caches] listening to other instances failed:', error);
    return;
  }
  if (s.listeningOn === bus) {
    await s.listening;
    return;
  }
  s.listeningOn = bus;
  s.listening = bus
    .subscribe(VIEWER_CACHES_CHANNEL, (payload) => {
      const ids = payload
        .split(',')
        .map(Number)
        .filter((id) => Number.isSafeInteger(id) && id > 0);
      dropLocally(s, ids);
    })
    .then(() => undefined)
    .catch((error: unknown) => {
      s.listeningOn = null;
      console.error('[viewer caches] listening to other instances failed:', error);
    });
  await s.listening;
}

function forget(s: Store, fullKey: string): void {
  const entry = s.entries.get(fullKey);
  if (!entry) return;
  s.entries.delete(fullKey);
  for (const memberId of entry.memberIds) {
    const keys = s.keysOf.get(memberId);
    keys?.delete(fullKey);
    if (keys && keys.size === 0) s.keysOf.delete(memberId);
  }
}

/**
 * The member's answer under `key` for the instant `at`, from the cache while it is fresh (kept less
 * than VIEWER_CACHE_TTL_MS ago, for an instant less than that apart), else from `load` (then kept
 * unless the member, or a member it lists, changed something meanwhile). `listed` names the other
 * members an answer shows as they are (their visibility): a drop of any of them drops it too. The
 * answer is shared between callers: treat it as read-only.
 */
export async function viewerCached<T>(
  memberId: number,
  key: string,
  at: Date,
  load: () => Promise<T>,
  listed?: (answer: T) => readonly number[],
): Promise<T> {
  const s = store();
  await listen(s);
  const fullKey = `${memberId}:${key}`;
  const hit = s.entries.get(fullKey);
  if (
    hit &&
    hit.expiresAt > Date.now() &&
    Math.abs(at.getTime() - hit.at) < VIEWER_CACHE_TTL_MS &&
    hit.loadedAt > (s.floors.get(memberId) ?? 0)
  ) {
    return hit.value as T;
  }
  if (hit) forget(s, fullKey);
  const [started, epoch, loadedAt] = [s.counter, s.epoch, Date.now()];
  const value = await load();
  const memberIds = [...new Set([memberId, ...(listed?.(value) ?? [])])];
  if (s.epoch !== epoch || memberIds.some((id) => (s.generations.get(id) ?? 0) > started)) return value;
  forget(s, fullKey);
  s.entries.set(fullKey, {
    memberIds,
    value,
    at: at.getTime(),
    loadedAt,
    expiresAt: Date.now() + VIEWER_CACHE_TTL_MS,
  });
  for (const id of memberIds) {
    let keys = s.keysOf.get(id);
    if (!keys) s.keysOf.set(id, (keys = new Set()));
    keys.add(fullKey);
  }
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
 * premium state. The one place where the drop happens: here at once, and in every other instance
 * through the bus (Redis, PostgreSQL NOTIFY, or nothing to tell on the embedded database).
 */
export function dropViewerCaches(...memberIds: number[]): void {
  const s = store();
  dropLocally(s, memberIds);
  // Other instances are told once per tick, of every member dropped in it.
  if (memberIds.length === 0) return;
  s.drops += 1;
  const first = s.unpublished.size === 0;
  for (const memberId of memberIds) s.unpublished.add(memberId);
  if (first) setImmediate(() => publishDrops(s));
}

/**
 * A request of `memberId` came with the `fresh_after` cookie's `value`: their answers kept before the
 * browser's last change are not used again here (another process made the change, and this one may
 * not have heard its drop yet).
 */
export function readFreshAfter(memberId: number, value: string | undefined): void {
  const floor = freshReadsFloor(value);
  if (floor === null) return;
  const s = store();
  if ((s.floors.get(memberId) ?? 0) >= floor) return;
  // Kept in the order they were raised, so the oldest are first.
  s.floors.delete(memberId);
  s.floors.set(memberId, floor);
  // A floor matters while answers loaded before it may still be kept.
  const stale = Date.now() - VIEWER_CACHE_TTL_MS;
  for (const [id, at] of s.floors) {
    if (at >= stale) break;
    s.floors.delete(id);
  }
}

/** How many drops this process has made: a request that moved it answers with the `fresh_after` cookie. */
export function viewerCacheDrops(): number {
  return store().drops;
}

/**
 * Tells other instances now of the drops not yet told (instead of at the end of the tick): before
 * the events that make members' tabs read their answers again, so no instance answers those reads
 * from what it kept.
 */
export function publishViewerCacheDropsNow(): void {
  publishDrops(store());
}

function publishDrops(s: Store): void {
  const ids = [...s.unpublished];
  s.unpublished.clear();
  if (ids.length === 0) return;
  void messageBus()
    .then(async (bus) => {
      // A NOTIFY holds ~7,900 bytes: 500 ids of up to 10 digits per message stay well inside it.
      for (let at = 0; at < ids.length; at += 500) {
        await bus.publish(VIEWER_CACHES_CHANNEL, ids.slice(at, at + 500).join(','));
      }
    })
    .catch((error: unknown) => console.error('[viewer caches] telling other instances failed:', error));
}

function dropLocally(s: Store, memberIds: readonly number[]): void {
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
