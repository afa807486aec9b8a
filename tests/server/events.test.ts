import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiApp } from '@/lib/server/api/app';
import { createSession, SESSION_COOKIE } from '@/lib/server/auth/sessions';
import { postCreditEntry } from '@/lib/server/credits/post-credit-entry';
import { memberEvents, sessions } from '@/lib/server/db/schema';
import { likeMember, unlikeMember } from '@/lib/server/likes/like-member';
import { deleteOldMemberEvents } from '@/lib/server/events/delete-old-member-events';
import { memberEventHub, MemberStream, type DeliveredEvent } from '@/lib/server/events/hub';
import {
  recordMemberEvent,
  sendTypingEvent,
  type StoredServerEvent,
} from '@/lib/server/events/member-events';
import { EVENTS_HEARTBEAT_MS, EVENTS_KEEP_HOURS, ServerEventSchema } from '@/lib/shared/schemas/chat';
import { createMember } from '../factories/create-member';
import { withTestDatabase } from '../helpers/database';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();
const database = () => db.handle().db;

afterEach(() => {
  vi.useRealTimers();
});

/** Records an event for a member in a transaction of its own; answers its id. */
const record = (memberId: number, event: StoredServerEvent) =>
  database().transaction((tx) => recordMemberEvent(tx, memberId, event));

/** A stream registered with the process's hub, collecting what it is sent. */
async function listen(memberId: number) {
  const received: DeliveredEvent[] = [];
  const stream = new MemberStream(memberId, (event) => received.push(event));
  const unregister = await memberEventHub().register(stream);
  stream.open(0, []);
  return { received, unregister };
}

describe('the member event hub', () => {
  it('delivers an event recorded in a committed transaction to the member’s open streams', async () => {
    const member = await createMember(database());
    const first = await listen(member);
    const second = await listen(member);
    const id = await record(member, { type: 'credits-changed', credits: 7 });
    const expected = [{ id, data: { type: 'credits-changed', credits: 7 } }];
    await vi.waitFor(() => expect(first.received).toEqual(expected), { timeout: 5_000 });
    await vi.waitFor(() => expect(second.received).toEqual(expected), { timeout: 5_000 });
    first.unregister();
    second.unregister();
  });

  it('tells nobody of an event whose transaction rolled back', async () => {
    const member = await createMember(database());
    const stream = await listen(member);
    await expect(
      database().transaction(async (tx) => {
        await recordMemberEvent(tx, member, { type: 'likes-changed' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A later event arrives alone: the rolled-back one never does.
    const later = await record(member, { type: 'chats-changed' });
    await vi.waitFor(
      () => expect(stream.received).toEqual([{ id: later, data: { type: 'chats-changed' } }]),
      { timeout: 5_000 },
    );
    stream.unregister();
  });

  it('delivers typing to the member’s streams without storing it', async () => {
    const member = await createMember(database());
    const typist = await createMember(database());
    const stream = await listen(member);
    await sendTypingEvent(member, 42, typist);
    await vi.waitFor(
      () =>
        expect(stream.received).toEqual([
          { id: null, data: { type: 'typing', conversation: 42, member: typist } },
        ]),
      { timeout: 5_000 },
    );
    const stored = await database().select().from(memberEvents).where(eq(memberEvents.memberId, member));
    expect(stored).toEqual([]);
    stream.unregister();
  });

  it('never gives one member’s stream another member’s events', async () => {
    const a = await createMember(database());
    const b = await createMember(database());
    const streamA = await listen(a);
    await record(b, { type: 'likes-changed' });
    await sendTypingEvent(b, 1, a);
    const own = await record(a, { type: 'chats-changed' });
    await vi.waitFor(() => expect(streamA.received).toEqual([{ id: own, data: { type: 'chats-changed' } }]), {
      timeout: 5_000,
    });
    streamA.unregister();
  });

  it('delivers each event of a burst once, and ignores malformed notifications', async () => {
    const member = await createMember(database());
    const stream = await listen(member);
    for (const payload of ['', 'x', `${member}`, `${member}:`, `${member}:typing:1`, `${member}:0`, `a:1`]) {
      memberEventHub().receive(payload);
    }
    const ids = await Promise.all(
      Array.from({ length: 10 }, (_, credits) => record(member, { type: 'credits-changed', credits })),
    );
    await vi.waitFor(() => expect(stream.received).toHaveLength(10), { timeout: 5_000 });
    // Transactions that run at once may commit in any order: each event arrives, once.
    const delivered = stream.received.map((e) => e.id ?? 0);
    expect(delivered.sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    stream.unregister();
  });

  it('tells a liked member of the like, and both members of a match, once each like commits', async () => {
    const a = await createMember(database());
    const b = await createMember(database());
    const streamA = await listen(a);
    const streamB = await listen(b);
    await likeMember({ userId: a, memberId: b });
    await vi.waitFor(() => expect(streamB.received.map((e) => e.data)).toEqual([{ type: 'likes-changed' }]), {
      timeout: 5_000,
    });
    expect(await likeMember({ userId: b, memberId: a })).toEqual({ match: true });
    // A was liked back; B's tabs (B liked) show the match too.
    await vi.waitFor(() => expect(streamA.received.map((e) => e.data)).toEqual([{ type: 'likes-changed' }]), {
      timeout: 5_000,
    });
    await vi.waitFor(
      () =>
        expect(streamB.received.map((e) => e.data)).toEqual([
          { type: 'likes-changed' },
          { type: 'likes-changed' },
        ]),
      { timeout: 5_000 },
    );
    // Taking a like back tells the member who had it.
    await unlikeMember({ userId: b, memberId: a });
    await vi.waitFor(() => expect(streamA.received).toHaveLength(2), { timeout: 5_000 });
    streamA.unregister();
    streamB.unregister();
  });

  it('tells the member of credits they got or spent, with the new balance', async () => {
    const member = await createMember(database());
    const stream = await listen(member);
    await postCreditEntry({
      userId: member,
      delta: 25,
      reason: 'operator_correction',
      reference: `test-grant:${member}`,
    });
    await vi.waitFor(
      () => expect(stream.received.map((e) => e.data)).toEqual([{ type: 'credits-changed', credits: 25 }]),
      { timeout: 5_000 },
    );
    stream.unregister();
  });
});

// ---------------------------------------------------------------------------------------------
// GET /api/events.php over the app's HTTP interface

interface Frame {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

/** Opens the stream as a browser would; answers the response and a reader of its SSE frames. */
async function openStream(token: string | null, headers: Record<string, string> = {}, query = '') {
  const res = await createApiApp().request(`/api/events.php${query}`, {
    headers: {
      host: 'lovelane.test',
      accept: 'text/event-stream',
      ...(token ? { cookie: `${SESSION_COOKIE}=${token}` } : {}),
      ...headers,
    },
  });
  const reader = res.status === 200 ? res.body?.getReader() : undefined;
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  /** The next frame, or null once the stream has ended. */
  const next = async (): Promise<Frame | null> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const frame: Frame = {};
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) frame.comment = line.slice(1).trim();
          const match = /^(id|event|data|retry):? ?(.*)$/.exec(line);
          if (match) frame[match[1] as 'id' | 'event' | 'data' | 'retry'] = match[2];
        }
        return frame;
      }
      if (done || !reader) return null;
      const chunk = await reader.read();
      if (chunk.done) done = true;
      else buffer += decoder.decode(chunk.value, { stream: true });
    }
  };
  /** The next frame that carries an event. */
  const nextEvent = async () => {
    for (let frame = await next(); frame; frame = await next()) if (frame.event) return frame;
    return null;
  };
  return { res, next, nextEvent, close: () => reader?.cancel() };
}

describe('GET /api/events.php', () => {
  it('requires a logged-in member', async () => {
    const visitor = await openStream(null);
    expect(visitor.res.status).toBe(403);
    expect((await visitor.res.json()).error.code).toBe('authentication_required');
    const unknown = await openStream('no-such-session');
    expect(unknown.res.status).toBe(403);
  });

  it('streams each event as id, event and JSON data, with headers that keep proxies from buffering', async () => {
    const member = await createMember(database());
    const stream = await openStream(await createSession({ userId: member }));
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.res.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(stream.res.headers.get('x-accel-buffering')).toBe('no');
    expect(await stream.next()).toEqual({ retry: '1000' });
    // A fresh stream replays nothing: it starts where the member's events stand.
    expect(await stream.next()).toEqual({ id: '0', data: '' });
    const id = await record(member, { type: 'credits-changed', credits: 3 });
    const frame = await stream.nextEvent();
    expect(frame).toEqual({
      id: String(id),
      event: 'credits-changed',
      data: JSON.stringify({ type: 'credits-changed', credits: 3 }),
    });
    expect(ServerEventSchema.parse(JSON.parse(frame?.data ?? ''))).toEqual({
      type: 'credits-changed',
      credits: 3,
    });
    await sendTypingEvent(member, 9, 77);
    expect(await stream.nextEvent()).toEqual({
      event: 'typing',
      data: JSON.stringify({ type: 'typing', conversation: 9, member: 77 }),
    });
    await stream.close();
  });

  it('resumes after Last-Event-ID with exactly the missed events, in order', async () => {
    const member = await createMember(database());
    const token = await createSession({ userId: member });
    const seen = await record(member, { type: 'likes-changed' });
    const missed = [
      await record(member, { type: 'chats-changed' }),
      await record(member, { type: 'credits-changed', credits: 1 }),
      await record(member, { type: 'chat-read', conversation: 5 }),
    ];
    const stream = await openStream(token, { 'last-event-id': String(seen) });
    const frames = [await stream.nextEvent(), await stream.nextEvent(), await stream.nextEvent()];
    expect(frames.map((f) => [f?.id, f?.event])).toEqual([
      [String(missed[0]), 'chats-changed'],
      [String(missed[1]), 'credits-changed'],
      [String(missed[2]), 'chat-read'],
    ]);
    // And then live events, none twice.
    const live = await record(member, { type: 'likes-changed' });
    expect((await stream.nextEvent())?.id).toBe(String(live));
    await stream.close();

    // A tab that reopens the stream itself names the last id in the query.
    const reopened = await openStream(token, {}, `?last_event_id=${missed[1]}`);
    expect((await reopened.nextEvent())?.id).toBe(String(missed[2]));
    expect((await reopened.nextEvent())?.id).toBe(String(live));
    await reopened.close();
  });

  it('replays to a fresh stream what happened since its page was made, and nothing older', async () => {
    const member = await createMember(database());
    const token = await createSession({ userId: member });
    const before = await record(member, { type: 'likes-changed' });
    const longAgo = (ms: number) => new Date(Date.now() - ms);
    await database()
      .update(memberEvents)
      .set({ createdAt: longAgo(60_000) })
      .where(eq(memberEvents.id, before));
    const pageMadeAt = Date.now();
    // Between the page and its stream: a like and a message's change of the chat list.
    const missed = [
      await record(member, { type: 'likes-changed' }),
      await record(member, { type: 'chats-changed' }),
    ];
    const stream = await openStream(token, {}, `?since=${pageMadeAt}`);
    expect((await stream.nextEvent())?.id).toBe(String(missed[0]));
    expect((await stream.nextEvent())?.id).toBe(String(missed[1]));
    // Then live events, none twice.
    const live = await record(member, { type: 'credits-changed', credits: 2 });
    expect((await stream.nextEvent())?.id).toBe(String(live));
    await stream.close();

    // A `since` that is no page's (an hour ago, in the future, not a number) starts fresh.
    for (const since of [String(Date.now() - 3_600_000), String(Date.now() + 3_600_000), 'soon']) {
      const fresh = await openStream(token, {}, `?since=${since}`);
      expect(await fresh.next()).toEqual({ retry: '1000' });
      expect(await fresh.next()).toEqual({ id: String(live), data: '' });
      await fresh.close();
    }
  });

  it('answers a resume it cannot replay with one resync and the current credits', async () => {
    const member = await createMember(database());
    await postCreditEntry({
      userId: member,
      delta: 12,
      reason: 'operator_correction',
      reference: `test-resync:${member}`,
    });
    const newest = await record(member, { type: 'likes-changed' });
    // An id that is no longer kept (or never was this member's).
    const stream = await openStream(await createSession({ userId: member }), { 'last-event-id': '1' });
    const frames = [await stream.nextEvent(), await stream.nextEvent(), await stream.nextEvent()];
    expect(frames.map((f) => [f?.id, f?.event, JSON.parse(f?.data ?? '{}') as unknown])).toEqual([
      [undefined, 'chats-changed', { type: 'chats-changed' }],
      [undefined, 'likes-changed', { type: 'likes-changed' }],
      [String(newest), 'credits-changed', { type: 'credits-changed', credits: 12 }],
    ]);
    await stream.close();
  });

  it('forgets events after EVENTS_KEEP_HOURS, so a stream resuming from one gets a resync', async () => {
    const member = await createMember(database());
    const old = await record(member, { type: 'likes-changed' });
    const kept = await record(member, { type: 'chats-changed' });
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    await database()
      .update(memberEvents)
      .set({ createdAt: hoursAgo(EVENTS_KEEP_HOURS + 1) })
      .where(eq(memberEvents.id, old));
    expect(await deleteOldMemberEvents()).toBeGreaterThanOrEqual(1);
    const left = await database().select().from(memberEvents).where(eq(memberEvents.memberId, member));
    expect(left.map((row) => row.id)).toEqual([kept]);
    const stream = await openStream(await createSession({ userId: member }), {
      'last-event-id': String(old),
    });
    expect((await stream.nextEvent())?.event).toBe('chats-changed');
    expect((await stream.nextEvent())?.event).toBe('likes-changed');
    expect(await stream.nextEvent()).toMatchObject({ id: String(kept), event: 'credits-changed' });
    await stream.close();
  });

  it('ends the stream at the next heartbeat once the session has ended, and refuses the reconnect', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const member = await createMember(database());
    const token = await createSession({ userId: member });
    const stream = await openStream(token);
    expect(await stream.next()).toEqual({ retry: '1000' });
    expect(await stream.next()).toEqual({ id: '0', data: '' });
    await database().delete(sessions).where(eq(sessions.userId, member));
    await vi.advanceTimersByTimeAsync(EVENTS_HEARTBEAT_MS);
    expect(await stream.next()).toEqual({ comment: 'ping' });
    expect(await stream.next()).toBeNull();
    const again = await openStream(token);
    expect(again.res.status).toBe(403);
    expect((await again.res.json()).error.code).toBe('authentication_required');
  });
});
