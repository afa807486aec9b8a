// A chat send is one statement to the database (the function of migration 0029_chat_send) plus the
// sending budget: what a sender and a recipient notice stays as it was, and the round trips are few.
import pg from 'pg';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { chatSite } from '@/lib/server/chat/chat-site';
import { chatSummary, toChatMessage } from '@/lib/server/chat/chat-view';
import { sendMessage } from '@/lib/server/chat/send-message';
import { getCreditBalance } from '@/lib/server/credits/get-credit-balance';
import {
  blocks,
  chatMessages,
  users,
  conversations,
  jobs,
  memberEvents,
  pushSubscriptions,
} from '@/lib/server/db/schema';
import { resetEnv } from '@/lib/server/env';
import { AppError } from '@/lib/server/errors';
import { memberEventHub, MemberStream, type DeliveredEvent } from '@/lib/server/events/hub';
import { MEMBER_EVENTS_CHANNEL } from '@/lib/server/events/member-events';
import { FREE_CONVERSATION_LIMIT, type ChatSend } from '@/lib/shared/schemas/chat';
import { withTestDatabase } from '../helpers/database';
import { ledgerSum, memberWith, newKey } from './chat-helpers';
import { withoutRedis } from '../helpers/redis';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();
const database = () => db.handle().db;
beforeAll(() => {
  process.env.CHAT_MESSAGES_PER_MINUTE = '100000';
  resetEnv();
  return () => {
    delete process.env.CHAT_MESSAGES_PER_MINUTE;
    resetEnv();
  };
});

const HOST = 'lovelane.test';
const text = (member: number, words: string, clientKey = newKey()): ChatSend => ({
  kind: 'text',
  member,
  client_key: clientKey,
  text: words,
});
const send = (senderId: number, input: ChatSend, now?: Date) =>
  sendMessage({ senderId, host: HOST, input, now });

/** The refusal a send ends with (it must end with one). */
async function refusalOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/**
 * Counts the statements that reach the database while `work` runs: every query of every pooled
 * connection on PostgreSQL, every query (transactions' statements one by one) on PGlite.
 */
async function countStatements(work: () => Promise<unknown>): Promise<number> {
  const handle = db.handle();
  const spy =
    handle.kind === 'postgres'
      ? vi.spyOn(pg.Client.prototype, 'query')
      : vi.spyOn(
          (
            handle.db as unknown as {
              $client: { _runExclusiveQuery: (fn: () => Promise<unknown>) => Promise<unknown> };
            }
          ).$client,
          '_runExclusiveQuery',
        );
  try {
    await work();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

describe('one chat send', () => {
  it('reaches the database at most three times: the budget, one statement, and publishing its events', async () => {
    const restore = await withoutRedis();
    try {
      const a = await memberWith(database(), { paidUser: true });
      const b = await memberWith(database());
      const c = await memberWith(database());
      // This instance's open tabs get a send from memory once it has committed; other instances hear
      // of it on the bus: on PostgreSQL one NOTIFY naming the events, in process on PGlite.
      const tabs = new Map<number, DeliveredEvent[]>();
      const closers: (() => void)[] = [];
      for (const member of [a.id, b.id, c.id]) {
        const received: DeliveredEvent[] = [];
        const stream = new MemberStream(member, (event) => received.push(event));
        closers.push(await memberEventHub().register(stream));
        stream.open(0, []);
        tabs.set(member, received);
      }
      const onPostgres = db.handle().kind === 'postgres';
      const heard: string[] = [];
      const stopListening = await db.handle().listen(MEMBER_EVENTS_CHANNEL, (payload) => heard.push(payload));
      const stop = async () => {
        for (const close of closers) close();
        await stopListening();
      };
      const sendAndHear = async (to: number, words: string) => {
        heard.length = 0;
        for (const received of tabs.values()) received.length = 0;
        await send(a.id, text(to, words));
        await vi.waitFor(
          () => {
            expect(tabs.get(to)?.filter((event) => event.data.type === 'message')).toHaveLength(1);
            expect(tabs.get(a.id)?.length).toBe(2);
            if (onPostgres) expect(heard.some((payload) => payload.includes(`${to}:`))).toBe(true);
          },
          { timeout: 5_000 },
        );
      };
      try {
        // The site's settings are cached by the first send.
        await sendAndHear(b.id, 'Warming up');
        const starting = await countStatements(() => sendAndHear(c.id, 'A new conversation'));
        const following = await countStatements(() => sendAndHear(b.id, 'And another one'));
        expect(starting).toBeLessThanOrEqual(3);
        expect(following).toBeLessThanOrEqual(3);
      } finally {
        await stop();
      }
      expect(await getCreditBalance({ userId: a.id })).toBe(1_000 - 3 * 10);
    } finally {
      await restore();
    }
  });

  it('stores events that show exactly what the chat list and the conversation show', async () => {
    const now = new Date();
    const a = await memberWith(database(), { name: 'Ada', dateOfBirth: '1990-02-28', lastActiveAt: now });
    const b = await memberWith(database(), { name: 'Ben', dateOfBirth: '1988-12-31', photos: 1 });
    await send(b.id, text(a.id, 'First, from Ben'), now);
    // Longer than the chat list's preview, so the statement shortens it exactly as the list does.
    const long = `Second, from Ada: ${'Grüße aus Århus, '.repeat(12)}`;
    const answer = await send(a.id, text(b.id, long), now);
    const [row] = await database().select().from(chatMessages).where(eq(chatMessages.id, answer.message.id));
    if (!row) throw new Error('message not stored');
    expect(answer.message).toEqual(toChatMessage(row, a.id));

    for (const viewerId of [a.id, b.id]) {
      const [event] = await database()
        .select({ payload: memberEvents.payload })
        .from(memberEvents)
        .where(and(eq(memberEvents.memberId, viewerId), eq(memberEvents.type, 'message')))
        .orderBy(memberEvents.id)
        .offset(1);
      const chat = await chatSummary(database(), {
        viewerId,
        conversationId: answer.conversation.id,
        now,
        cdnPrefix: (await chatSite(HOST)).cdnPrefix,
      });
      expect(chat).not.toBeNull();
      expect(event?.payload).toEqual({ type: 'message', message: toChatMessage(row, viewerId), chat });
    }
    // The sender's tabs hear of the new balance too.
    const balances = await database()
      .select({ payload: memberEvents.payload })
      .from(memberEvents)
      .where(and(eq(memberEvents.memberId, a.id), eq(memberEvents.type, 'credits-changed')))
      .orderBy(memberEvents.id);
    expect(balances.at(-1)?.payload).toEqual({ type: 'credits-changed', credits: answer.credits });
  });

  it('spends exactly the credits there are when 50 messages to several members go out at once', async () => {
    const a = await memberWith(database(), { credits: 100, paidUser: true });
    const others = await Promise.all(Array.from({ length: 5 }, () => memberWith(database(), { credits: 0 })));
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => send(a.id, text(others[i % 5]?.id ?? 0, `Message ${i}`))),
    );
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as AppError] : []));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(new Set(refused.map((e) => e.code))).toEqual(new Set(['insufficient_credits']));
    expect(await getCreditBalance({ userId: a.id })).toBe(0);
    expect(await ledgerSum(database(), a.id)).toBe(0);
    const stored = await database().select().from(chatMessages).where(eq(chatMessages.senderId, a.id));
    expect(stored).toHaveLength(10);
  });

  it('delivers the same client key once, even when sent twice at the same moment', async () => {
    const a = await memberWith(database(), { credits: 100 });
    const b = await memberWith(database());
    const key = newKey();
    const [first, second] = await Promise.all([
      send(a.id, text(b.id, 'Only once', key)),
      send(a.id, text(b.id, 'Only once', key)),
    ]);
    expect(second?.message.id).toBe(first?.message.id);
    const third = await send(a.id, text(b.id, 'Only once', key));
    expect(third.message).toEqual(first?.message);
    expect(third.credits).toBe(90);
    expect(await getCreditBalance({ userId: a.id })).toBe(90);
    expect(await database().select().from(chatMessages).where(eq(chatMessages.senderId, a.id))).toHaveLength(
      1,
    );
  });

  it('refuses a member blocked either way with the 404 of an unknown member, storing and spending nothing', async () => {
    const a = await memberWith(database(), { credits: 100 });
    const b = await memberWith(database());
    const c = await memberWith(database());
    await database()
      .insert(blocks)
      .values([
        { blockerId: a.id, blockedId: b.id },
        { blockerId: c.id, blockedId: a.id },
      ]);
    const unknown = await refusalOf(send(a.id, text(2_000_000_000, 'Anyone?')));
    for (const member of [b.id, c.id]) {
      const refusal = await refusalOf(send(a.id, text(member, 'Hello?')));
      expect(refusal.code).toBe('not_found');
      expect(refusal.options).toEqual({ ...unknown.options, log: expect.any(String) as string });
    }
    expect(await refusalOf(send(c.id, text(a.id, 'Hello?')))).toMatchObject({ code: 'not_found' });
    expect(await getCreditBalance({ userId: a.id })).toBe(100);
    expect(await database().select().from(chatMessages).where(eq(chatMessages.senderId, a.id))).toHaveLength(
      0,
    );
  });

  it('lets a free member start only the free conversations, and write on in them', async () => {
    const a = await memberWith(database());
    const members = await Promise.all(
      Array.from({ length: FREE_CONVERSATION_LIMIT + 1 }, () => memberWith(database())),
    );
    for (const member of members.slice(0, FREE_CONVERSATION_LIMIT)) await send(a.id, text(member.id, 'Hi'));
    const last = members[FREE_CONVERSATION_LIMIT];
    if (!last) throw new Error('no member left');
    const refusal = await refusalOf(send(a.id, text(last.id, 'Hi')));
    expect(refusal).toMatchObject({
      code: 'premium_required',
      options: { messageKey: 'chat_conversation_limit' },
    });
    expect(
      await database().select().from(conversations).where(eq(conversations.startedBy, a.id)),
    ).toHaveLength(FREE_CONVERSATION_LIMIT);
    // Replies to them and further messages are not limited.
    await send(last.id, text(a.id, 'Hi from me'));
    await send(a.id, text(last.id, 'Hi back'));
    await send(a.id, text(members[0]?.id ?? 0, 'Still here'));
  });

  it('refuses a sender whose e-mail is not confirmed before anything else is stored', async () => {
    const a = await memberWith(database());
    const b = await memberWith(database());
    await database().update(users).set({ status: 'not_confirmed' }).where(eq(users.id, a.id));
    const refusal = await refusalOf(send(a.id, text(b.id, 'Hello')));
    expect(refusal).toMatchObject({
      code: 'email_not_confirmed',
      options: { messageKey: 'chat_confirm_email' },
    });
    expect(await getCreditBalance({ userId: a.id })).toBe(1_000);
  });

  it('queues the push job only for a recipient with a push subscription', async () => {
    const a = await memberWith(database());
    const b = await memberWith(database());
    const c = await memberWith(database());
    await database()
      .insert(pushSubscriptions)
      .values({ userId: b.id, endpoint: `https://push.example/${b.id}`, p256dh: 'key', auth: 'auth' });
    const toB = await send(a.id, text(b.id, 'Hello B'));
    await send(a.id, text(c.id, 'Hello C'));
    const queued = await database()
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.kind, 'notify.push'));
    const mine = queued.filter((job) => job.payload.actorId === a.id);
    expect(mine.map((job) => job.payload)).toEqual([
      {
        kind: 'message',
        recipientId: b.id,
        actorId: a.id,
        conversationId: toB.conversation.id,
        messageId: toB.message.id,
        isNewConversation: true,
      },
    ]);
  });
});
