import Redis from 'ioredis';

/** Redis of this machine and of CI (see .ci/run). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Whether Redis answers. Suites of the Redis path skip without it on a developer's machine; in CI
 * (CI=true) Redis is started by .ci/run, and a missing Redis fails instead of skipping.
 */
export async function redisReachable(url = TEST_REDIS_URL): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    if (process.env.CI === 'true') throw new Error(`Redis is not reachable at ${url}`);
    return false;
  } finally {
    client.disconnect();
  }
}

/** A key prefix no other test run shares, so parallel suites never see each other's counters. */
export function uniqueRedisPrefix(): string {
  return `test:${process.pid}:${Math.random().toString(36).slice(2, 8)}:`;
}

/**
 * For a test of the path without Redis (the database's limits, PostgreSQL's NOTIFY or the in-process
 * bus) in a run with REDIS_URL set: the app forgets Redis until the answered function is called.
 */
export async function withoutRedis(): Promise<() => Promise<void>> {
  const [{ closeMessageBus }, { closeRedis }, { stubEnv, unstubEnv }] = await Promise.all([
    import('@/lib/server/bus/get-message-bus'),
    import('@/lib/server/redis/get-redis'),
    import('./env'),
  ]);
  if (!process.env.REDIS_URL) return () => Promise.resolve();
  stubEnv('REDIS_URL', '');
  await closeMessageBus();
  await closeRedis();
  return async () => {
    await closeMessageBus();
    unstubEnv();
  };
}
