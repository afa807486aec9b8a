import 'server-only';
import { and, eq, lt, sql } from 'drizzle-orm';
import { database, getDb, type DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema/security';
import { hitSharedRateLimit, peekSharedRateLimit } from './redis-rate-limit';

export interface RateLimitResult {
  allowed: boolean;
  hits: number;
  limit: number;
  /** Seconds until the current window ends. */
  retryAfter: number;
}

/**
 * The key of a member's budget `name` (a route kit's `member-or-address` budget of a logged-in
 * member): what a domain function spending the same budget as a route counts under.
 */
export function memberBudgetKey(name: string, userId: number): string {
  return `${name}:u${userId}`;
}

/** One hit to count: against `key`, at most `limit` per fixed window of `windowSeconds`. */
export interface RateLimitHit {
  key: string;
  limit: number;
  windowSeconds: number;
}

function windowStartOf(now: Date, windowSeconds: number): Date {
  const windowMs = windowSeconds * 1_000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

function resultOf(hit: RateLimitHit, hits: number, windowStart: Date, now: Date): RateLimitResult {
  const windowEnd = windowStart.getTime() + hit.windowSeconds * 1_000;
  return {
    allowed: hits <= hit.limit,
    hits,
    limit: hit.limit,
    retryAfter: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1_000)),
  };
}

/** `insert … values ($1, $2, 1), ($3, $4, 1) … on conflict … returning`, by the number of rows. */
function hitStatement(rows: number): string {
  const values = Array.from({ length: rows }, (_, i) => `($${2 * i + 1}, $${2 * i + 2}::timestamptz, 1)`);
  return `insert into rate_limits (key, window_start, hits) values ${values.join(', ')}
    on conflict (key, window_start) do update set hits = rate_limits.hits + 1
    returning key, window_start as "windowStart", hits`;
}

/**
 * Counts one hit against `key` in a fixed window shared by every app instance: in Redis when
 * REDIS_URL is set (process memory while Redis does not answer), in the database otherwise. A hit
 * counted inside a transaction (`db`) is always kept in the database, so it is undone with it. Old
 * database windows are swept by the hourly housekeeping.
 */
export async function hitRateLimit(
  options: RateLimitHit & {
    now?: Date;
    /** Counts inside this transaction (it is undone with it); the database's own connection otherwise. */
    db?: DbOrTx;
  },
): Promise<RateLimitResult> {
  const now = options.now ?? new Date();
  if (!options.db) {
    const [result] = await hitRateLimits([options], now);
    if (!result) throw new Error(`rate limit ${options.key} not counted`);
    return result;
  }
  const windowStart = windowStartOf(now, options.windowSeconds);
  const [row] = await options.db
    .insert(rateLimits)
    .values({ key: options.key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ hits: rateLimits.hits });
  return resultOf(options, row?.hits ?? 1, windowStart, now);
}

/**
 * Counts one hit against each of several budgets at once (hitRateLimit's rules, outside any
 * transaction): side by side in Redis, or in one statement of the database, a prepared one. Answers
 * in the order given.
 */
export async function hitRateLimits(
  hits: readonly RateLimitHit[],
  now: Date = new Date(),
): Promise<RateLimitResult[]> {
  if (hits.length === 0) return [];
  const shared = await Promise.all(
    hits.map(async (hit) => {
      const result = await hitSharedRateLimit({ ...hit, now: now.getTime() });
      return result && { ...result, limit: hit.limit };
    }),
  );
  const inRedis = shared.filter((result) => result !== undefined);
  if (inRedis.length === hits.length) return inRedis;
  // Two hits of one key and window in one statement would conflict with each other: counted apart.
  const counted = hits.map((hit) => ({ hit, start: windowStartOf(now, hit.windowSeconds) }));
  if (new Set(counted.map(({ hit, start }) => `${hit.key}@${start.getTime()}`)).size < hits.length) {
    const results: RateLimitResult[] = [];
    for (const hit of hits) results.push(...(await hitRateLimits([hit], now)));
    return results;
  }
  const handle = await database();
  const rows = await handle.prepared<{ key: string; windowStart: Date | string; hits: number }>(
    `rate_limits_hit_${hits.length}`,
    hitStatement(hits.length),
    counted.flatMap(({ hit, start }) => [hit.key, start.toISOString()]),
  );
  return counted.map(({ hit, start }) => {
    const row = rows.find((r) => r.key === hit.key && new Date(r.windowStart).getTime() === start.getTime());
    return resultOf(hit, row?.hits ?? 1, start, now);
  });
}

/**
 * Reads the count of `key` in the current window (where hitRateLimit keeps it) without counting a
 * hit: whether the budget still has room, for limits that are spent only by some outcomes (see hitRateLimit, which spends).
 */
export async function peekRateLimit(options: RateLimitHit & { now?: Date }): Promise<RateLimitResult> {
  const now = options.now ?? new Date();
  const shared = await peekSharedRateLimit({ ...options, now: now.getTime() });
  if (shared) return { ...shared, limit: options.limit };
  const windowStart = windowStartOf(now, options.windowSeconds);
  const db = await getDb();
  const [row] = await db
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, options.key), eq(rateLimits.windowStart, windowStart)));
  // Room for one more: the count so far is under the limit.
  const hits = row?.hits ?? 0;
  return { ...resultOf(options, hits, windowStart, now), allowed: hits < options.limit };
}

/** Windows deleted per statement by the housekeeping: short locks on a busy table. */
const DELETE_BATCH = 10_000;

/**
 * Deletes counting windows that began more than a day ago (no limit counts longer), in batches: the
 * hourly housekeeping, so a request never pays for it. Answers how many went.
 */
export async function deleteOldRateLimitWindows(options: { now?: Date } = {}): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - 86_400_000);
  const db = await getDb();
  let deleted = 0;
  for (;;) {
    const old = db
      .select({ row: sql`ctid` })
      .from(rateLimits)
      .where(lt(rateLimits.windowStart, cutoff))
      .limit(DELETE_BATCH);
    const rows = await db
      .delete(rateLimits)
      .where(sql`ctid in (${old})`)
      .returning({ hits: rateLimits.hits });
    deleted += rows.length;
    if (rows.length < DELETE_BATCH) return deleted;
  }
}
