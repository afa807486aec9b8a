import Redis from 'ioredis';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createMemoryBus } from '@/lib/server/bus/memory-bus';
import type { MessageBus } from '@/lib/server/bus/message-bus';
import { createPostgresBus, NOTIFY_PAYLOAD_LIMIT } from '@/lib/server/bus/postgres-bus';
import { createRedisBus } from '@/lib/server/bus/redis-bus';
import { afterCommit } from '@/lib/server/db/after-commit';
import { openPostgres } from '@/lib/server/db/client';
import { withTestDatabase } from '../helpers/database';
import { redisReachable, TEST_REDIS_URL, uniqueRedisPrefix } from '../helpers/redis';

const db = withTestDatabase();
const database = () => db.handle().db;
const hasRedis = await redisReachable();

/** Two instances' buses: A publishes, B hears; neither hears its own messages. */
async function exchange(a: MessageBus, b: MessageBus): Promise<void> {
  const heardByA: string[] = [];
  const heardByB: string[] = [];
  const stopA = await a.subscribe('bus_test', (payload) => heardByA.push(payload));
  const stopB = await b.subscribe('bus_test', (payload) => heardByB.push(payload));
  await a.publish('bus_test', '12:34,56:78');
  await b.publish('bus_test', 'from b|with a bar');
  await vi.waitFor(() => expect(heardByB).toEqual(['12:34,56:78']), { timeout: 5_000 });
  await vi.waitFor(() => expect(heardByA).toEqual(['from b|with a bar']), { timeout: 5_000 });
  // Another channel is not heard; once unsubscribed, nothing more is.
  await a.publish('bus_other', 'elsewhere');
  stopB();
  await a.publish('bus_test', 'after');
  await b.publish('bus_test', 'last');
  await vi.waitFor(() => expect(heardByA).toEqual(['from b|with a bar', 'last']), { timeout: 5_000 });
  expect(heardByB).toEqual(['12:34,56:78']);
  stopA();
}

describe('the message bus', () => {
  it('in process: carries messages between the buses of one process, never back to the sender', async () => {
    const a = createMemoryBus({ instanceId: 'a' });
    const b = createMemoryBus({ instanceId: 'b' });
    expect(a.carriesPayloads).toBe(true);
    await exchange(a, b);
    await Promise.all([a.close(), b.close()]);
  });

  it('refuses channel names PostgreSQL would need quoted', async () => {
    const bus = createMemoryBus({ instanceId: 'a' });
    await expect(bus.publish('member-events; drop', 'x')).rejects.toThrow(/Invalid bus channel/);
    await expect(bus.subscribe('Members', () => undefined)).rejects.toThrow(/Invalid bus channel/);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL: LISTEN/NOTIFY between two connections, refusing a message NOTIFY cannot carry',
    async () => {
      const url = db.url();
      if (!url) throw new Error('no PostgreSQL test database');
      const first = await openPostgres(url, 1);
      const second = await openPostgres(url, 1);
      const a = createPostgresBus({ instanceId: 'a', handle: () => Promise.resolve(first) });
      const b = createPostgresBus({ instanceId: 'b', handle: () => Promise.resolve(second) });
      try {
        expect(a.carriesPayloads).toBe(false);
        await exchange(a, b);
        await expect(a.publish('bus_test', 'x'.repeat(NOTIFY_PAYLOAD_LIMIT))).rejects.toThrow(/too large/);
      } finally {
        await Promise.all([a.close(), b.close()]);
        await Promise.all([first.close(), second.close()]);
      }
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL: what is published within one tick goes out in one statement per hundred, every message, in order',
    async () => {
      const url = db.url();
      if (!url) throw new Error('no PostgreSQL test database');
      const first = await openPostgres(url, 2);
      const second = await openPostgres(url, 1);
      const statements: number[] = [];
      const notify = first.notify.bind(first);
      first.notify = (messages) => {
        statements.push(messages.length);
        return notify(messages);
      };
      const a = createPostgresBus({ instanceId: 'a', handle: () => Promise.resolve(first) });
      const b = createPostgresBus({ instanceId: 'b', handle: () => Promise.resolve(second) });
      try {
        const heard: string[] = [];
        await b.subscribe('bus_test', (payload) => heard.push(`test ${payload}`));
        await b.subscribe('bus_other', (payload) => heard.push(`other ${payload}`));
        const sent = Array.from({ length: 250 }, (_, i) => (i % 3 === 0 ? `other ${i}` : `test ${i}`));
        await Promise.all(
          sent.map((line) => {
            const [channel = '', payload = ''] = line.split(' ');
            return a.publish(channel === 'test' ? 'bus_test' : 'bus_other', payload);
          }),
        );
        await vi.waitFor(() => expect(heard).toEqual(sent), { timeout: 5_000 });
        expect(statements).toEqual([100, 100, 50]);
      } finally {
        await Promise.all([a.close(), b.close()]);
        await Promise.all([first.close(), second.close()]);
      }
    },
  );

  describe.runIf(hasRedis)('on Redis', () => {
    const connections: Redis[] = [];
    const connect = () => {
      const client = new Redis(TEST_REDIS_URL);
      client.on('error', () => {});
      connections.push(client);
      return client;
    };
    afterAll(async () => {
      await Promise.allSettled(connections.map((client) => client.quit()));
    });
    const redisBus = (instanceId: string, prefix: string) =>
      createRedisBus({
        instanceId,
        publisher: connect(),
        subscriber: connect(),
        channelName: (name) => `${prefix}bus:${name}`,
      });

    it('pub/sub between two instances of one deployment', async () => {
      const prefix = uniqueRedisPrefix();
      const a = redisBus('a', prefix);
      const b = redisBus('b', prefix);
      expect(a.carriesPayloads).toBe(true);
      await exchange(a, b);
      await Promise.all([a.close(), b.close()]);
    });

    it('keeps deployments with different key prefixes apart', async () => {
      const ours = uniqueRedisPrefix();
      const theirs = uniqueRedisPrefix();
      // One connection publishes for both deployments, so Redis handles the messages in order.
      const publisher = connect();
      const bus = (instanceId: string, prefix: string) =>
        createRedisBus({
          instanceId,
          publisher,
          subscriber: connect(),
          channelName: (name) => `${prefix}bus:${name}`,
        });
      const other = bus('other', theirs);
      const sender = bus('sender', ours);
      const receiver = bus('receiver', ours);
      const heard: string[] = [];
      await receiver.subscribe('bus_test', (payload) => heard.push(payload));
      await other.publish('bus_test', 'not for you');
      await sender.publish('bus_test', 'for you');
      await vi.waitFor(() => expect(heard).toEqual(['for you']), { timeout: 5_000 });
      await Promise.all([other.close(), sender.close(), receiver.close()]);
    });
  });
});

describe('after commit', () => {
  it('runs hooks once the transaction commits, in order, and never for one that rolled back', async () => {
    const ran: string[] = [];
    const result = await database().transaction(async (tx) => {
      afterCommit(tx, () => ran.push('first'));
      await tx.execute(sql`select 1`);
      afterCommit(tx, () => ran.push('second'));
      expect(ran).toEqual([]);
      return 'done';
    });
    expect(result).toBe('done');
    expect(ran).toEqual(['first', 'second']);

    await expect(
      database().transaction((tx) => {
        afterCommit(tx, () => ran.push('rolled back'));
        return Promise.reject(new Error('changed my mind'));
      }),
    ).rejects.toThrow('changed my mind');
    expect(ran).toEqual(['first', 'second']);
  });

  it('drops the hooks of a rolled-back savepoint and keeps a released one’s for the commit', async () => {
    const ran: string[] = [];
    await database().transaction(async (tx) => {
      await tx.transaction((inner) => {
        afterCommit(inner, () => ran.push('released'));
        return Promise.resolve();
      });
      await tx
        .transaction((inner) => {
          afterCommit(inner, () => ran.push('rolled back'));
          return Promise.reject(new Error('no'));
        })
        .catch(() => undefined);
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['released']);
  });

  it('runs a hook at once outside a transaction, and a failing hook does not stop the others', async () => {
    const ran: string[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    afterCommit(database(), () => ran.push('now'));
    expect(ran).toEqual(['now']);
    await database().transaction((tx) => {
      afterCommit(tx, () => {
        throw new Error('broken hook');
      });
      afterCommit(tx, () => ran.push('still'));
      return Promise.resolve();
    });
    expect(ran).toEqual(['now', 'still']);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
