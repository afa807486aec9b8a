import 'server-only';
import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { processSingleton } from '../global';
import { getRedis, redisKey } from '../redis/get-redis';

/** One hit (or a look) at a fixed-window budget. */
export interface SharedHit {
  key: string;
  limit: number;
  windowSeconds: number;
  /** The moment counted (milliseconds); now by default. */
  now?: number;
}

export interface SharedResult {
  allowed: boolean;
  hits: number;
  retryAfter: number;
}

/** An outage is over once the fallback has not been needed for this long. */
const OUTAGE_QUIET_MS = 60_000;

/**
 * Per process: whether the fallback to process memory has been reported for the current outage
 * (one line per outage, not one per request), and when it last counted.
 */
const fallbackState = () =>
  processSingleton('redisRateLimitFallback', () => ({ reported: false, lastAt: 0 }));

/**
 * The memory counter that stands in when Redis cannot be reached or a command fails: the limit is
 * then counted per process until Redis answers again, and the member never sees an error for it.
 */
class FallbackMemory extends RateLimiterMemory {
  override consume(key: string | number, points?: number, options?: { [key: string]: unknown }) {
    reportFallback();
    return super.consume(key, points, options);
  }

  override get(key: string | number, options?: { [key: string]: unknown }) {
    reportFallback();
    return super.get(key, options);
  }
}

function reportFallback(): void {
  const fallback = fallbackState();
  fallback.lastAt = Date.now();
  if (fallback.reported) return;
  fallback.reported = true;
  console.warn('[rate limits] Redis does not answer: limits are counted in this process until it does');
}

/** How long a count waits for a connection that is being opened for the first time. */
const FIRST_CONNECT_WAIT_MS = 1_000;

/**
 * Resolves once a new connection is ready, has failed, or after FIRST_CONNECT_WAIT_MS: the first
 * counts after a start wait for Redis instead of being counted in memory and lost to the shared
 * count. Later, a connection that is not ready is not waited for (see rejectIfRedisNotReady).
 */
function firstConnect(client: Redis): Promise<void> {
  const pending = processSingleton('redisFirstConnect', () => new WeakMap<Redis, Promise<void>>());
  let waiting = pending.get(client);
  if (!waiting) {
    waiting =
      client.status === 'wait' || client.status === 'connecting' || client.status === 'connect'
        ? new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              client.off('ready', done);
              client.off('error', done);
              client.off('end', done);
              resolve();
            };
            const timer = setTimeout(done, FIRST_CONNECT_WAIT_MS);
            timer.unref();
            client.once('ready', done);
            client.once('error', done);
            client.once('end', done);
          })
        : Promise.resolve();
    pending.set(client, waiting);
  }
  return waiting;
}

/** The limiters of one Redis connection, one per budget size and window. */
type Limiters = Map<string, RateLimiterRedis>;

function limiterFor(client: Redis, limit: number, windowSeconds: number): RateLimiterRedis {
  const byClient = processSingleton('redisRateLimiters', () => new WeakMap<Redis, Limiters>());
  let limiters = byClient.get(client);
  if (!limiters) {
    limiters = new Map();
    byClient.set(client, limiters);
  }
  const keyPrefix = redisKey('limit');
  const name = `${keyPrefix}|${limit}|${windowSeconds}`;
  let limiter = limiters.get(name);
  if (!limiter) {
    limiter = new RateLimiterRedis({
      storeClient: client,
      keyPrefix,
      points: limit,
      duration: windowSeconds,
      // Without a connection, answer from memory at once instead of waiting for a reconnect.
      rejectIfRedisNotReady: true,
      insuranceLimiter: new FallbackMemory({ keyPrefix, points: limit, duration: windowSeconds }),
    });
    limiters.set(name, limiter);
  }
  return limiter;
}

/**
 * The window `now` falls in, aligned to the clock like the database's and the memory's counters:
 * its start is part of the key, so a window's count is never carried into the next one.
 */
function windowOf(hit: SharedHit): { key: string; retryAfter: number } {
  const now = hit.now ?? Date.now();
  const windowMs = hit.windowSeconds * 1_000;
  const start = Math.floor(now / windowMs) * windowMs;
  return {
    key: `${hit.key}@${start}`,
    retryAfter: Math.max(1, Math.ceil((start + windowMs - now) / 1_000)),
  };
}

function consumed(outcome: unknown): number {
  if (outcome instanceof RateLimiterRes) return outcome.consumedPoints;
  throw outcome;
}

/** After a quiet minute the outage is over: the next one is reported again. */
function noteAnswer(): void {
  const fallback = fallbackState();
  if (fallback.reported && Date.now() - fallback.lastAt > OUTAGE_QUIET_MS) fallback.reported = false;
}

/**
 * Counts one hit against `key` in Redis, shared by every app instance; undefined when REDIS_URL is
 * not set. The count goes on past the limit (like the other counters), so `hits` is the true count.
 */
export async function hitSharedRateLimit(hit: SharedHit): Promise<SharedResult | undefined> {
  const client = getRedis();
  if (!client) return undefined;
  await firstConnect(client);
  const limiter = limiterFor(client, hit.limit, hit.windowSeconds);
  const window = windowOf(hit);
  // Over the limit, the library rejects with the count; anything else is an error of both stores.
  const hits = consumed(
    await limiter.consume(window.key).then(
      (result) => result,
      (rejection: unknown) => rejection,
    ),
  );
  noteAnswer();
  return { allowed: hits <= hit.limit, hits, retryAfter: window.retryAfter };
}

/** Reads the count of `key` in the current window without counting; undefined without REDIS_URL. */
export async function peekSharedRateLimit(hit: SharedHit): Promise<SharedResult | undefined> {
  const client = getRedis();
  if (!client) return undefined;
  await firstConnect(client);
  const limiter = limiterFor(client, hit.limit, hit.windowSeconds);
  const window = windowOf(hit);
  const result = await limiter.get(window.key);
  noteAnswer();
  const hits = result?.consumedPoints ?? 0;
  return { allowed: hits < hit.limit, hits, retryAfter: window.retryAfter };
}
