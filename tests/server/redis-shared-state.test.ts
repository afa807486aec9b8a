// With REDIS_URL set, every limit is counted in Redis, so app instances on several machines spend
// one budget; without it the limits stay where they were (database, process memory); and a Redis
// that does not answer never turns into an error for the member.
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { rateLimits } from '@/lib/server/db/schema';
import { closeRedis } from '@/lib/server/redis/get-redis';
import { countMemoryRateLimit } from '@/lib/server/security/memory-rate-limit';
import { hitRateLimit, peekRateLimit } from '@/lib/server/security/rate-limit';
import { withTestDatabase } from '../helpers/database';
import { stubEnv, unstubEnv } from '../helpers/env';
import { TEST_REDIS_URL, redisReachable, uniqueRedisPrefix } from '../helpers/redis';

const db = withTestDatabase();
const reachable = await redisReachable();

/** The process-wide state of one app instance: its Redis connection, limiters and memory counters. */
const INSTANCE_STATE = [
  'redis',
  'redisRateLimiters',
  'redisFirstConnect',
  'redisRateLimitFallback',
  'memoryRateLimits',
].map((name) => Symbol.for(`flirt.${name}`));

/**
 * One app instance: runs code with that instance's process-wide state in place (as if it ran in
 * its own process on its own machine), and the test's own state back afterwards.
 */
function appInstance() {
  const own = new Map<symbol, unknown>();
  const store = globalThis as unknown as Record<symbol, unknown>;
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    const outside = INSTANCE_STATE.map((symbol) => store[symbol]);
    for (const symbol of INSTANCE_STATE) store[symbol] = own.get(symbol);
    try {
      return await work();
    } finally {
      for (const symbol of INSTANCE_STATE) own.set(symbol, store[symbol]);
      INSTANCE_STATE.forEach((symbol, i) => (store[symbol] = outside[i]));
    }
  };
  return { run, stop: () => run(closeRedis) };
}

/** The middle of an hour: every hit of a test falls in one window, whenever the test runs. */
const NOW = new Date('2026-03-01T10:30:00Z');

function onRedis(): void {
  stubEnv('REDIS_URL', TEST_REDIS_URL);
  stubEnv('REDIS_KEY_PREFIX', uniqueRedisPrefix());
}

let a = appInstance();
let b = appInstance();
afterEach(async () => {
  await a.stop();
  await b.stop();
  a = appInstance();
  b = appInstance();
  unstubEnv();
});
afterAll(closeRedis);

describe.skipIf(!reachable)('limits with REDIS_URL', () => {
  it('a budget spent on one instance is spent on the other', async () => {
    onRedis();
    const hit = () => hitRateLimit({ key: 'writes:198.51.100.7', limit: 3, windowSeconds: 3_600, now: NOW });
    expect((await a.run(hit)).allowed).toBe(true);
    expect((await b.run(hit)).allowed).toBe(true);
    expect((await a.run(hit)).allowed).toBe(true);
    const refused = await b.run(hit);
    expect(refused).toMatchObject({ allowed: false, hits: 4, limit: 3, retryAfter: 1_800 });
    const seen = await a.run(() =>
      peekRateLimit({ key: 'writes:198.51.100.7', limit: 3, windowSeconds: 3_600, now: NOW }),
    );
    expect(seen).toMatchObject({ allowed: false, hits: 4 });
    // Another address has its own budget, and the next window starts again.
    const other = await b.run(() =>
      hitRateLimit({ key: 'writes:198.51.100.8', limit: 3, windowSeconds: 3_600, now: NOW }),
    );
    expect(other).toMatchObject({ allowed: true, hits: 1 });
    const later = await b.run(() =>
      hitRateLimit({
        key: 'writes:198.51.100.7',
        limit: 3,
        windowSeconds: 3_600,
        now: new Date(NOW.getTime() + 3_600_000),
      }),
    );
    expect(later).toMatchObject({ allowed: true, hits: 1 });
    // Nothing was written to the database.
    const rows = await db
      .handle()
      .db.select()
      .from(rateLimits)
      .where(eq(rateLimits.key, 'writes:198.51.100.7'));
    expect(rows).toEqual([]);
  });

  it('member reads and pages, counted on every read, are shared too', async () => {
    onRedis();
    const read = () =>
      countMemoryRateLimit({
        key: 'member-pages:203.0.113.9',
        limit: 2,
        windowSeconds: 3_600,
        now: NOW.getTime(),
      });
    expect(await a.run(read)).toEqual({ allowed: true, retryAfter: 1_800 });
    expect((await b.run(read)).allowed).toBe(true);
    expect((await a.run(read)).allowed).toBe(false);
    expect((await b.run(read)).allowed).toBe(false);
  });

  it('a hit counted inside a transaction is kept in the database and undone with it', async () => {
    onRedis();
    const key = 'auto-like:day:42';
    const spend = () =>
      db
        .handle()
        .db.transaction(async (tx) => {
          const hit = await hitRateLimit({ key, limit: 1, windowSeconds: 86_400, now: NOW, db: tx });
          expect(hit).toMatchObject({ allowed: true, hits: 1 });
          throw new Error('the like fails after all');
        })
        .catch((error: Error) => error.message);
    expect(await spend()).toBe('the like fails after all');
    expect(await spend()).toBe('the like fails after all');
    const kept = await db.handle().db.transaction(async (tx) => {
      await hitRateLimit({ key, limit: 1, windowSeconds: 86_400, now: NOW, db: tx });
      return hitRateLimit({ key, limit: 1, windowSeconds: 86_400, now: NOW, db: tx });
    });
    expect(kept).toMatchObject({ allowed: false, hits: 2 });
    const rows = await db.handle().db.select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(rows.map((row) => row.hits)).toEqual([2]);
  });
});

describe('limits when Redis does not answer', () => {
  it('are counted in the process, without an error, and reported once', async () => {
    // Nothing listens on port 1: every connection is refused.
    stubEnv('REDIS_URL', 'redis://127.0.0.1:1');
    stubEnv('REDIS_KEY_PREFIX', uniqueRedisPrefix());
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const hit = () =>
        hitRateLimit({ key: 'signup-ip:192.0.2.1', limit: 2, windowSeconds: 3_600, now: NOW });
      const results = await a.run(async () => [await hit(), await hit(), await hit()]);
      expect(results.map((r) => r.allowed)).toEqual([true, true, false]);
      expect(results[2]).toMatchObject({ hits: 3, retryAfter: 1_800 });
      expect(
        await a.run(() =>
          peekRateLimit({ key: 'signup-ip:192.0.2.1', limit: 2, windowSeconds: 3_600, now: NOW }),
        ),
      ).toMatchObject({ allowed: false, hits: 3 });
      const reads = await a.run(async () => {
        const read = () =>
          countMemoryRateLimit({
            key: 'member-reads:192.0.2.1',
            limit: 1,
            windowSeconds: 60,
            now: NOW.getTime(),
          });
        return [(await read()).allowed, (await read()).allowed];
      });
      expect(reads).toEqual([true, false]);
      expect(warn.mock.calls.filter(([line]) => String(line).includes('[rate limits]'))).toHaveLength(1);
      // Nothing went to the database either.
      const rows = await db
        .handle()
        .db.select()
        .from(rateLimits)
        .where(eq(rateLimits.key, 'signup-ip:192.0.2.1'));
      expect(rows).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('limits without REDIS_URL', () => {
  it('keep database budgets in the database, and read budgets per instance', async () => {
    stubEnv('REDIS_URL', '');
    const hit = () => hitRateLimit({ key: 'likes:7', limit: 1, windowSeconds: 3_600, now: NOW });
    expect((await a.run(hit)).allowed).toBe(true);
    expect((await b.run(hit)).allowed).toBe(false);
    const rows = await db
      .handle()
      .db.select({ hits: rateLimits.hits })
      .from(rateLimits)
      .where(
        and(eq(rateLimits.key, 'likes:7'), eq(rateLimits.windowStart, new Date('2026-03-01T10:00:00Z'))),
      );
    expect(rows).toEqual([{ hits: 2 }]);

    const read = () =>
      countMemoryRateLimit({ key: 'member-reads:u7', limit: 1, windowSeconds: 3_600, now: NOW.getTime() });
    expect((await a.run(read)).allowed).toBe(true);
    expect((await a.run(read)).allowed).toBe(false);
    // Another instance counts on its own.
    expect((await b.run(read)).allowed).toBe(true);
  });
});
