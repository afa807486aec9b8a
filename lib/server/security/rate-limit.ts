import 'server-only';
import { and, eq, lt, sql } from 'drizzle-orm';
import { getDb, type DbOrTx } from '../db/client';
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
 * Counts one hit against `key` in a fixed window shared by every app instance: in Redis when
 * REDIS_URL is set (process memory while Redis does not answer), in the database otherwise. A hit
 * counted inside a transaction (`db`) is always kept in the database, so it is undone with it. Old
 * database windows are swept now and then.
 */
export async function hitRateLimit(options: {
  key: string;
  limit: number;
  windowSeconds: number;
  now?: Date;
  /** Counts inside this transaction (it is undone with it); the database's own connection otherwise. */
  db?: DbOrTx;
}): Promise<RateLimitResult> {
  const now = options.now ?? new Date();
  if (!options.db) {
    const shared = await hitSharedRateLimit({ ...options, now: now.getTime() });
    if (shared) return { ...shared, limit: options.limit };
  }
  const windowMs = options.windowSeconds * 1_000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const db = options.db ?? (await getDb());
  const [row] = await db
    .insert(rateLimits)
    .values({ key: options.key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` },
    })
    .returning({ hits: rateLimits.hits });
  const hits = row?.hits ?? 1;
  return {
    allowed: hits <= options.limit,
    hits,
    limit: options.limit,
    retryAfter: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1_000)),
  };
}

/**
 * Reads the count of `key` in the current window (where hitRateLimit keeps it) without counting a
 * hit: whether the budget still has room, for limits that are spent only by some outcomes (see hitRateLimit, which spends).
 */
export async function peekRateLimit(options: {
  key: string;
  limit: number;
  windowSeconds: number;
  now?: Date;
}): Promise<RateLimitResult> {
  const now = options.now ?? new Date();
  const shared = await peekSharedRateLimit({ ...options, now: now.getTime() });
  if (shared) return { ...shared, limit: options.limit };
  const windowMs = options.windowSeconds * 1_000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const db = await getDb();
  const [row] = await db
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, options.key), eq(rateLimits.windowStart, windowStart)));
  const hits = row?.hits ?? 0;
  return {
    allowed: hits < options.limit,
    hits,
    limit: options.limit,
    retryAfter: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1_000)),
  };
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
