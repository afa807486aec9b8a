import 'server-only';
import Redis, { type RedisOptions } from 'ioredis';
import { env } from '../env';
import { processSingleton } from '../global';

interface RedisConnections {
  /** Commands: counters, presence, publishing. */
  command: Redis;
  /** Subscriptions (a subscribed connection can run no other commands). */
  subscriber: Redis | undefined;
}

function connect(url: string): Redis {
  const options: RedisOptions = {
    // Commands wait for a reconnect instead of failing at once; a limit that cannot be counted
    // falls back to process memory (see redis-rate-limit.ts).
    maxRetriesPerRequest: 2,
    enableAutoPipelining: true,
    connectionName: 'lovelane',
    lazyConnect: false,
  };
  const client = new Redis(url, options);
  // Errors are reported by the commands that meet them; an unhandled 'error' event would end the process.
  client.on('error', () => {});
  return client;
}

function connections(): RedisConnections | undefined {
  const url = env().REDIS_URL;
  if (!url) return undefined;
  return processSingleton('redis', () => ({ command: connect(url), subscriber: undefined }));
}

/** The shared Redis connection, or undefined when REDIS_URL is not set. */
export function getRedis(): Redis | undefined {
  return connections()?.command;
}

/** A second connection for subscriptions, opened on first use. */
export function getRedisSubscriber(): Redis | undefined {
  const open = connections();
  if (!open) return undefined;
  if (!open.subscriber) {
    open.subscriber = open.command.duplicate();
    open.subscriber.on('error', () => {});
  }
  return open.subscriber;
}

/** The prefix of every key and channel of this deployment. */
export function redisKey(name: string): string {
  return `${env().REDIS_KEY_PREFIX}${name}`;
}

/** Closes both connections (on shutdown, and between tests). */
export async function closeRedis(): Promise<void> {
  const store = globalThis as unknown as Record<symbol, RedisConnections | undefined>;
  const symbol = Symbol.for('flirt.redis');
  const open = store[symbol];
  store[symbol] = undefined;
  if (!open) return;
  await Promise.allSettled([open.command.quit(), open.subscriber?.quit()]);
}
