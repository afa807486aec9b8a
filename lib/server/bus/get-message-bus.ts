import 'server-only';
import { randomBytes } from 'node:crypto';
import { database } from '../db/client';
import { processSingleton } from '../global';
import { getRedis, getRedisSubscriber, redisKey } from '../redis/get-redis';
import { createMemoryBus } from './memory-bus';
import type { MessageBus } from './message-bus';
import { createPostgresBus } from './postgres-bus';
import { createRedisBus } from './redis-bus';

/** Looked up on each use: a reset of the process state (tests) gives a fresh one. */
const slotOf = () =>
  processSingleton<{ bus: Promise<MessageBus> | null; instanceId: string }>('message-bus', () => ({
    bus: null,
    instanceId: randomBytes(6).toString('base64url'),
  }));

/** This process's id on the bus (the frame of its messages). */
export function instanceId(): string {
  const slot = slotOf();
  return slot.instanceId;
}

async function createBus(): Promise<MessageBus> {
  const slot = slotOf();
  const id = slot.instanceId;
  const publisher = getRedis();
  const subscriber = getRedisSubscriber();
  if (publisher && subscriber) {
    return createRedisBus({
      instanceId: id,
      publisher,
      subscriber,
      channelName: (name) => redisKey(`bus:${name}`),
    });
  }
  const handle = await database();
  if (handle.kind === 'postgres') return createPostgresBus({ instanceId: id, handle: database });
  return createMemoryBus({ instanceId: id });
}

/**
 * The bus between this process and the app's other instances, picked once per process: Redis
 * pub/sub when REDIS_URL is set (several machines), PostgreSQL LISTEN/NOTIFY when the database is
 * PostgreSQL, in process on the embedded database (one process is the only instance).
 */
export function messageBus(): Promise<MessageBus> {
  const slot = slotOf();
  if (!slot.bus) {
    slot.bus = createBus();
    slot.bus.catch(() => {
      slot.bus = null;
    });
  }
  return slot.bus;
}

/** Stops this process's subscriptions (shutdown); a later `messageBus()` opens the bus again. */
export async function closeMessageBus(): Promise<void> {
  const slot = slotOf();
  const bus = slot.bus;
  slot.bus = null;
  if (bus) await (await bus.catch(() => null))?.close();
}
