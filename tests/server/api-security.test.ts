import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiApp } from '@/lib/server/api/app';
import { pageBounces } from '@/lib/server/db/schema';
import { deleteOldRateLimitWindows, hitRateLimit } from '@/lib/server/security/rate-limit';
import { withTestDatabase } from '../helpers/database';
import { withoutRedis } from '../helpers/redis';

const db = withTestDatabase();
beforeAll(() => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = '5';
  return () => {
    delete process.env.RATE_LIMIT_WRITES_PER_MINUTE;
  };
});

const beacon = (headers: Record<string, string>, body = '{}') =>
  createApiApp().request('/api/page-hidden.php', {
    method: 'POST',
    headers: { host: 'lovelane.test', 'content-type': 'application/json', ...headers },
    body,
  });

const bounces = async () => (await db.handle().db.select({ n: count() }).from(pageBounces))[0]?.n ?? 0;

describe('POST /api/page-hidden.php', () => {
  it('logs a bounce from this site and answers 204', async () => {
    const before = await bounces();
    const res = await beacon({
      origin: 'http://lovelane.test',
      referer: 'http://lovelane.test/landers/video?lb=1',
    });
    expect(res.status).toBe(204);
    expect(await bounces()).toBe(before + 1);
    const [row] = await db.handle().db.select().from(pageBounces).limit(1);
    expect(row?.path).toBe('/landers/video');
  });

  it('refuses state changes from another origin or with no origin', async () => {
    const before = await bounces();
    const attempts: Record<string, string>[] = [{ origin: 'https://evil.example' }, {}, { origin: 'null' }];
    for (const headers of attempts) {
      const res = await beacon(headers);
      expect(res.status).toBe(403);
      expect((await res.json()).error.code).toBe('origin_rejected');
    }
    expect(await bounces()).toBe(before);
  });

  it('accepts a same-origin request that names no origin through Sec-Fetch-Site', async () => {
    expect((await beacon({ 'sec-fetch-site': 'same-origin' })).status).toBe(204);
  });

  it('refuses a body that is not the empty JSON object with 422, and one that is not JSON with 400', async () => {
    const extra = await beacon({ origin: 'http://lovelane.test' }, '{"path":"/x"}');
    expect(extra.status).toBe(422);
    const broken = await beacon({ origin: 'http://lovelane.test' }, '{not json');
    expect(broken.status).toBe(400);
    expect((await broken.json()).error.code).toBe('invalid_json');
  });
});

describe('rate limits', () => {
  it('counts hits per key in a fixed window shared through the database', async () => {
    const now = new Date('2026-01-01T10:00:30Z');
    const results = [];
    for (let i = 0; i < 4; i += 1)
      results.push(await hitRateLimit({ key: 'test:a', limit: 3, windowSeconds: 60, now }));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.retryAfter).toBe(30);
    const other = await hitRateLimit({ key: 'test:b', limit: 3, windowSeconds: 60, now });
    expect(other.allowed).toBe(true);
    const nextWindow = await hitRateLimit({
      key: 'test:a',
      limit: 3,
      windowSeconds: 60,
      now: new Date('2026-01-01T10:01:00Z'),
    });
    expect(nextWindow.allowed).toBe(true);
  });

  it('the housekeeping drops windows older than a day and keeps the counts still in force', async () => {
    const restore = await withoutRedis();
    try {
      const now = new Date('2026-02-02T12:00:30Z');
      const dayBefore = new Date(now.getTime() - 86_400_000 - 60_000);
      await hitRateLimit({ key: 'test:old', limit: 1, windowSeconds: 60, now: dayBefore });
      await hitRateLimit({ key: 'test:kept', limit: 1, windowSeconds: 60, now });
      // The earlier test's windows (January) go too.
      expect(await deleteOldRateLimitWindows({ now })).toBeGreaterThanOrEqual(1);
      // The window in force still counts its hit: the next is over the limit of one.
      expect((await hitRateLimit({ key: 'test:kept', limit: 1, windowSeconds: 60, now })).allowed).toBe(
        false,
      );
      expect(
        (await hitRateLimit({ key: 'test:old', limit: 1, windowSeconds: 60, now: dayBefore })).allowed,
      ).toBe(true);
    } finally {
      await restore();
    }
  });

  it('answers 429 with Retry-After once an address spends its write budget', async () => {
    // Budgets are counted in fixed minutes: the calls stay inside one, whenever the test runs.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:10Z'));
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1) statuses.push((await beacon({ origin: 'http://lovelane.test' })).status);
      expect(statuses).toContain(429);
      const res = await beacon({ origin: 'http://lovelane.test', 'accept-language': 'en' });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await res.json()).error.message).toMatch(
        /^Too many requests, please try again in \d+ seconds?\.$/,
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
