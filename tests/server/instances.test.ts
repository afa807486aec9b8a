import Redis from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeMessageBus, instanceId, messageBus } from '@/lib/server/bus/get-message-bus';
import { createMemoryBus } from '@/lib/server/bus/memory-bus';
import type { MessageBus } from '@/lib/server/bus/message-bus';
import { createPostgresBus, NOTIFY_PAYLOAD_LIMIT } from '@/lib/server/bus/postgres-bus';
import { createRedisBus } from '@/lib/server/bus/redis-bus';
import { openPostgres, type DatabaseHandle } from '@/lib/server/db/client';
import { CoalescedWriter, frame } from '@/lib/server/events/event-stream';
import {
  MEMBER_EVENTS_CHANNEL,
  MemberEventHub,
  memberEventHub,
  MemberStream,
  type DeliveredEvent,
} from '@/lib/server/events/hub';
import { recordMemberEvents, sendTypingEvent } from '@/lib/server/events/member-events';
import { idMessages, publishMemberEvents } from '@/lib/server/events/publish-member-events';
import { likeMember } from '@/lib/server/likes/like-member';
import { closeRedis } from '@/lib/server/redis/get-redis';
import { dropViewerCaches, viewerCached, VIEWER_CACHES_CHANNEL } from '@/lib/server/members/viewer-caches';
import { findSiteForDomain, SITE_CHANGED_CHANNEL } from '@/lib/server/settings/site-cache';
import { updateSiteSettings } from '@/lib/server/settings/update-site-settings';
import { createMember } from '../factories/create-member';
import { withTestDatabase } from '../helpers/database';
import { stubEnv, unstubEnv } from '../helpers/env';
import { redisReachable, TEST_REDIS_URL, uniqueRedisPrefix, withoutRedis } from '../helpers/redis';

const db = withTestDatabase();
const database = () => db.handle().db;
const hasRedis = await redisReachable();

/** A stream of `hub`, collecting what it is sent. */
async function openStream(hub: MemberEventHub, memberId: number) {
  const received: DeliveredEvent[] = [];
  const stream = new MemberStream(memberId, (event) => received.push(event));
  const unregister = await hub.register(stream);
  stream.open(0, []);
  return { received, unregister };
}

describe('delivery on the instance that stored the events', () => {
  it('hands events to its own streams from memory, without reading them back', async () => {
    const member = await createMember(database());
    const stream = await openStream(memberEventHub(), member);
    // Ids no row has: what arrives can only have come from memory.
    publishMemberEvents([
      { id: 9_000_001, memberId: member, event: { type: 'likes-changed' } },
      { id: 9_000_002, memberId: member + 1, event: { type: 'chats-changed' } },
    ]);
    expect(stream.received).toEqual([{ id: 9_000_001, data: { type: 'likes-changed' } }]);
    stream.unregister();
  });

  it('hands them over as the transaction commits, and never for one that rolled back', async () => {
    const member = await createMember(database());
    const stream = await openStream(memberEventHub(), member);
    await expect(
      database().transaction(async (tx) => {
        await recordMemberEvents(tx, [{ memberId: member, event: { type: 'likes-changed' } }]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const ids = await database().transaction(async (tx) => {
      const stored = await recordMemberEvents(tx, [
        { memberId: member, event: { type: 'credits-changed', credits: 3 } },
        { memberId: member, event: { type: 'chats-changed' } },
      ]);
      expect(stream.received).toEqual([]);
      return stored;
    });
    // Delivered by the time the commit returns: no round trip to the database or the bus.
    expect(stream.received).toEqual([
      { id: ids[0], data: { type: 'credits-changed', credits: 3 } },
      { id: ids[1], data: { type: 'chats-changed' } },
    ]);
    stream.unregister();
  });

  it('makes each event’s frame once, and sends a tick’s frames to a stream in one write', async () => {
    const event: DeliveredEvent = { id: 5, data: { type: 'chats-changed' } };
    expect(frame(event)).toBe('id: 5\nevent: chats-changed\ndata: {"type":"chats-changed"}\n\n');
    expect(frame(event)).toBe(frame(event));
    const writes: string[] = [];
    const writer = new CoalescedWriter(
      (text) => {
        writes.push(text);
        return Promise.resolve();
      },
      () => undefined,
    );
    writer.write('a');
    writer.write('b');
    writer.write('c');
    await vi.waitFor(() => expect(writes).toEqual(['abc']), { timeout: 5_000 });
    writer.write('d');
    await writer.flush();
    expect(writes).toEqual(['abc', 'd']);
  });

  it('names stored events to PostgreSQL instances in messages that each fit a NOTIFY', () => {
    const events = Array.from({ length: 2_000 }, (_, i) => ({
      id: 1_000_000_000 + i,
      memberId: 5_000_000 + i,
      event: { type: 'likes-changed' as const },
    }));
    const messages = idMessages(events);
    expect(messages.length).toBeGreaterThan(1);
    for (const message of messages)
      expect(Buffer.byteLength(message)).toBeLessThan(NOTIFY_PAYLOAD_LIMIT - 50);
    expect(messages.join(',')).toBe(events.map((e) => `${e.memberId}:${e.id}`).join(','));
    expect(idMessages([])).toEqual([]);
  });

  it('ends a stream whose client stops reading', () => {
    let ended = false;
    const writer = new CoalescedWriter(
      () => new Promise<void>(() => undefined),
      () => (ended = true),
      3,
    );
    for (let i = 0; i < 4; i += 1) writer.write(String(i));
    expect(ended).toBe(true);
  });
});

/**
 * A second instance in this process: its own hub on its own bus (another instance id), over the
 * transport this process's bus uses; this process is the first instance.
 */
interface Transport {
  name: string;
  available: () => boolean;
  setUp: () => Promise<{ other: MessageBus; tearDown: () => Promise<void> }>;
}

const transports: Transport[] = [
  {
    name: 'in process (embedded database)',
    available: () => !process.env.TEST_DATABASE_URL,
    setUp: async () => {
      const restore = await withoutRedis();
      const other = createMemoryBus({ instanceId: 'instance-b' });
      return {
        other,
        tearDown: async () => {
          await other.close();
          await restore();
        },
      };
    },
  },
  {
    name: 'PostgreSQL LISTEN/NOTIFY',
    available: () => Boolean(process.env.TEST_DATABASE_URL),
    setUp: async () => {
      const url = db.url();
      if (!url) throw new Error('no PostgreSQL test database');
      const restore = await withoutRedis();
      const connection: DatabaseHandle = await openPostgres(url, 1);
      const other = createPostgresBus({
        instanceId: 'instance-b',
        handle: () => Promise.resolve(connection),
      });
      return {
        other,
        tearDown: async () => {
          await other.close();
          await connection.close();
          await restore();
        },
      };
    },
  },
  {
    name: 'Redis pub/sub',
    available: () => hasRedis,
    setUp: async () => {
      const prefix = uniqueRedisPrefix();
      stubEnv('REDIS_URL', TEST_REDIS_URL);
      stubEnv('REDIS_KEY_PREFIX', prefix);
      await closeMessageBus();
      await closeRedis();
      const connect = () => {
        const client = new Redis(TEST_REDIS_URL);
        client.on('error', () => {});
        return client;
      };
      const publisher = connect();
      const subscriber = connect();
      const other = createRedisBus({
        instanceId: 'instance-b',
        publisher,
        subscriber,
        channelName: (name) => `${prefix}bus:${name}`,
      });
      return {
        other,
        tearDown: async () => {
          await other.close();
          await Promise.allSettled([publisher.quit(), subscriber.quit()]);
          await closeMessageBus();
          await closeRedis();
          unstubEnv();
        },
      };
    },
  },
];

for (const transport of transports) {
  describe.runIf(transport.available())(`two instances over ${transport.name}`, () => {
    let other: MessageBus;
    let tearDown: () => Promise<void>;
    let hubB: MemberEventHub;
    beforeAll(async () => {
      ({ other, tearDown } = await transport.setUp());
      hubB = new MemberEventHub(() => Promise.resolve(other));
    });
    afterAll(async () => {
      await hubB.close();
      await tearDown();
    });
    afterEach(() => vi.useRealTimers());

    it('uses the transport it is configured for, with an id of its own', async () => {
      const bus = await messageBus();
      expect(bus.kind).toBe(other.kind);
      expect(bus.instanceId).toBe(instanceId());
      expect(bus.instanceId).not.toBe(other.instanceId);
    });

    it('delivers an event stored through instance A live to a stream on instance B, once', async () => {
      const member = await createMember(database());
      const onA = await openStream(memberEventHub(), member);
      const onB = await openStream(hubB, member);
      const ids = await database().transaction((tx) =>
        recordMemberEvents(tx, [
          { memberId: member, event: { type: 'credits-changed', credits: 11 } },
          { memberId: member, event: { type: 'likes-changed' } },
        ]),
      );
      const expected = [
        { id: ids[0], data: { type: 'credits-changed', credits: 11 } },
        { id: ids[1], data: { type: 'likes-changed' } },
      ];
      await vi.waitFor(() => expect(onB.received).toEqual(expected), { timeout: 5_000 });
      expect(onA.received).toEqual(expected);
      onA.unregister();
      onB.unregister();
    });

    it('tells B nothing of a change rolled back on A', async () => {
      const member = await createMember(database());
      const onB = await openStream(hubB, member);
      await database()
        .transaction(async (tx) => {
          await recordMemberEvents(tx, [{ memberId: member, event: { type: 'likes-changed' } }]);
          throw new Error('no');
        })
        .catch(() => undefined);
      const [later] = await database().transaction((tx) =>
        recordMemberEvents(tx, [{ memberId: member, event: { type: 'chats-changed' } }]),
      );
      await vi.waitFor(() => expect(onB.received).toEqual([{ id: later, data: { type: 'chats-changed' } }]), {
        timeout: 5_000,
      });
      onB.unregister();
    });

    it('carries typing from A to B without storing it', async () => {
      const member = await createMember(database());
      const typist = await createMember(database());
      const onB = await openStream(hubB, member);
      await sendTypingEvent(member, 77, typist);
      await vi.waitFor(
        () =>
          expect(onB.received).toEqual([
            { id: null, data: { type: 'typing', conversation: 77, member: typist } },
          ]),
        { timeout: 5_000 },
      );
      onB.unregister();
    });

    it('drops a member’s cached swipe and match-finder answers on every instance', async () => {
      const member = await createMember(database());
      const heard: string[] = [];
      const stop = await other.subscribe(VIEWER_CACHES_CHANNEL, (payload) => heard.push(payload));
      const load = vi.fn(() => Promise.resolve({ answers: load.mock.calls.length }));
      const now = new Date();
      await viewerCached(member, 'stack', now, load);
      await viewerCached(member, 'stack', now, load);
      expect(load).toHaveBeenCalledTimes(1);
      // A change on A is told to B…
      dropViewerCaches(member);
      await vi.waitFor(() => expect(heard).toEqual([String(member)]), { timeout: 5_000 });
      await viewerCached(member, 'stack', now, load);
      expect(load).toHaveBeenCalledTimes(2);
      // …and a change on B drops A's answer.
      await other.publish(VIEWER_CACHES_CHANNEL, String(member));
      await vi.waitFor(
        async () => {
          await viewerCached(member, 'stack', now, load);
          expect(load).toHaveBeenCalledTimes(3);
        },
        { timeout: 5_000 },
      );
      stop();
    });

    it('tells B to drop both members’ kept answers before it tells B’s tabs of their like', async () => {
      const [liker, liked] = [await createMember(database()), await createMember(database())];
      const heard: string[] = [];
      const stops = await Promise.all([
        other.subscribe(VIEWER_CACHES_CHANNEL, (payload) => heard.push(`drop ${payload}`)),
        other.subscribe(MEMBER_EVENTS_CHANNEL, () => heard.push('event')),
      ]);
      await likeMember({ userId: liker, memberId: liked });
      await vi.waitFor(() => expect(heard).toContain('event'), { timeout: 5_000 });
      expect(heard[0]).toBe(`drop ${liker},${liked}`);
      for (const stop of stops) stop();
    });

    it('tells B of a settings change on A once it commits', async () => {
      const heard: string[] = [];
      const stop = await other.subscribe(SITE_CHANGED_CHANNEL, (payload) => heard.push(payload));
      const { id: siteId } = await findSiteForDomain('default');
      const { site } = await updateSiteSettings({ siteId, changes: { refund_days: 21 } });
      await vi.waitFor(() => expect(heard).toEqual([String(site.id)]), { timeout: 5_000 });
      stop();
    });
  });
}
