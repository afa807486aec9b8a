// With REDIS_URL set (the suite's Redis pass), every test file counts its limits and sends its
// events under a key prefix of its own, so files running in parallel, and earlier runs, never see
// each other's counters; the connection is closed when the file is done.
import { afterAll } from 'vitest';
import { closeRedis } from '@/lib/server/redis/get-redis';
import { resetEnv } from '@/lib/server/env';
import { uniqueRedisPrefix } from '../helpers/redis';

if (process.env.REDIS_URL) {
  process.env.REDIS_KEY_PREFIX = uniqueRedisPrefix();
  resetEnv();
}

afterAll(async () => {
  await closeRedis();
});
