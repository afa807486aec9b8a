import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getCreditBalance } from '@/lib/server/credits/get-credit-balance';
import { chatMessages, users } from '@/lib/server/db/schema';
import { resetEnv } from '@/lib/server/env';
import { AppError } from '@/lib/server/errors';
import { sendMessage } from '@/lib/server/chat/send-message';
import { memberEventHub, MemberStream, type DeliveredEvent } from '@/lib/server/events/hub';
import { CHAT_PAGE_SIZE, ChatSchema, ChatSentSchema } from '@/lib/shared/schemas/chat';
import { withTestDatabase } from '../helpers/database';
import {
  chatOf,
  chatsOf,
  eventsOf,
  giveCredits,
  ledgerSum,
  memberWith,
  newKey,
  sendText,
  sent,
} from './chat-helpers';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();
const database = () => db.handle().db;
beforeAll(() => {
  // The per-minute budget is tested on its own below; elsewhere members send a lot quickly.
  process.env.CHAT_MESSAGES_PER_MINUTE = '100000';
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = '100000';
  resetEnv();
  return () => {
    delete process.env.CHAT_MESSAGES_PER_MINUTE;
    delete process.env.RATE_LIMIT_WRITES_PER_MINUTE;
    resetEnv();
  };
});

/** Two members with credits and their clients; `a` writes first. */
async function pair(options: { creditsA?: number; paidA?: boolean } = {}) {
  const a = await memberWith(database(), {
    name: 'Anna',
    credits: options.creditsA,
    paidUser: options.paidA,
  });
  const b = await memberWith(database(), { name: 'Bram', photos: 1 });
  return { a, b };
}

describe('sending a message', () => {
  it('delivers it to both sides: the lists, the conversation, the price and both members’ events', async () => {
    const { a, b } = await pair({ creditsA: 100 });
    const first = await sent(a.client, b.id, '  Hello Bram!  ');
    expect(first).toMatchObject({
      message: { from_viewer: true, kind: 'text', text: 'Hello Bram!', credits: 10, gift: null, photo: null },
      credits: 90,
    });
    const conversation = first.conversation.id;

    const listB = await chatsOf(b.client);
    expect(listB.num_unread_messages).toBe(1);
    expect(listB.chats).toEqual([
      {
        conversation: { id: conversation },
        profile: expect.objectContaining({
          id: a.id,
          name: 'Anna',
          unavailable: false,
          awaiting_confirmation: false,
        }),
        num_unread_messages: 1,
        last_message: {
          kind: 'text',
          preview: 'Hello Bram!',
          from_viewer: false,
          seen: false,
          sent_at: first.message.sent_at,
        },
      },
    ]);
    const listA = await chatsOf(a.client);
    expect(listA.num_unread_messages).toBe(0);
    expect(listA.chats[0]?.profile).toMatchObject({
      id: b.id,
      name: 'Bram',
      thumb: `/cdn/p/test/${b.id}-0_t.jpg`,
    });
    expect(listA.chats[0]?.last_message).toMatchObject({ from_viewer: true, seen: false });

    // The recipient sees what was sent, not what it cost.
    const chatB = await chatOf(b.client, `conversation=${conversation}`);
    expect(chatB.messages).toEqual([{ ...first.message, from_viewer: false, credits: 0 }]);
    const chatA = await chatOf(a.client, `member=${b.id}`);
    expect(chatA).toMatchObject({
      conversation: { id: conversation },
      messages: [first.message],
      has_more: false,
      seen_up_to: null,
      composer: {
        message_credits: 10,
        photo_credits: 5,
        gift_credits: 20,
        message_length: 1000,
        message_cost: { costs: 1.99, currency: 'EUR' },
        blocked_reason: null,
      },
    });

    const toB = (await eventsOf(database(), b.id)).filter((e) => e.type === 'message');
    expect(toB).toEqual([
      {
        type: 'message',
        message: { ...first.message, from_viewer: false, credits: 0 },
        chat: listB.chats[0],
      },
    ]);
    const toA = (await eventsOf(database(), a.id)).filter((e) => e.type === 'message');
    expect(toA).toEqual([
      { type: 'message', message: first.message, chat: expect.objectContaining({ num_unread_messages: 0 }) },
    ]);
    expect(await getCreditBalance({ userId: a.id })).toBe(90);
    expect(await ledgerSum(database(), a.id)).toBe(90);
  });

  it('delivers a retried send once and charges it once', async () => {
    const { a, b } = await pair({ creditsA: 100 });
    const key = newKey();
    const first = await sent(a.client, b.id, 'Only once', key);
    const again = await sent(a.client, b.id, 'Only once', key);
    expect(again.message).toEqual(first.message);
    expect(again.credits).toBe(90);
    expect((await chatOf(b.client, `member=${a.id}`)).messages).toHaveLength(1);
    expect((await chatsOf(b.client)).num_unread_messages).toBe(1);
    expect(await ledgerSum(database(), a.id)).toBe(90);
  });

  it('spends exactly the credits there are when many messages go out at once', async () => {
    const { a, b } = await pair({ creditsA: 100 });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        sendMessage({
          senderId: a.id,
          host: 'lovelane.test',
          input: { kind: 'text', member: b.id, client_key: newKey(), text: `Message ${i}` },
        }),
      ),
    );
    const delivered = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(delivered).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const error of refused) expect(error).toBeInstanceOf(AppError);
    expect(new Set(refused.map((e) => (e as AppError).code))).toEqual(new Set(['insufficient_credits']));
    expect(await getCreditBalance({ userId: a.id })).toBe(0);
    expect(await ledgerSum(database(), a.id)).toBe(0);
    expect((await chatOf(b.client, `member=${a.id}`)).messages).toHaveLength(10);
    expect((await chatsOf(b.client)).num_unread_messages).toBe(10);
  });

  it('delivers every message when members around a circle all write to the next at once', async () => {
    const members = [
      await memberWith(database()),
      await memberWith(database()),
      await memberWith(database()),
      await memberWith(database()),
    ];
    const sends = members.flatMap((from, i) => {
      const to = members[(i + 1) % members.length]?.id ?? 0;
      return Array.from({ length: 8 }, (_, n) =>
        sendMessage({
          senderId: from.id,
          host: 'lovelane.test',
          input: { kind: 'text', member: to, client_key: newKey(), text: `Round ${n}` },
        }),
      );
    });
    const results = await Promise.allSettled(sends);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    for (const member of members) expect((await chatsOf(member.client)).num_unread_messages).toBe(8);
  });

  it('refuses a message without enough credits with a readable 402, storing nothing', async () => {
    const { a, b } = await pair({ creditsA: 5 });
    const res = await sendText(a.client, b.id, 'Too expensive');
    expect(res.status).toBe(402);
    expect(res.json.error).toMatchObject({
      code: 'insufficient_credits',
      message: 'You do not have enough credits',
    });
    expect((await chatsOf(a.client)).chats).toEqual([]);
    expect(await getCreditBalance({ userId: a.id })).toBe(5);
  });

  it('charges premium members too, and never limits the conversations they start', async () => {
    const a = await memberWith(database(), { paidUser: true, credits: 100 });
    for (let i = 0; i < 4; i += 1) {
      const other = await memberWith(database(), { credits: 0 });
      await sent(a.client, other.id, `Hi number ${i}`);
    }
    expect(await getCreditBalance({ userId: a.id })).toBe(60);
    expect((await chatsOf(a.client)).chats).toHaveLength(4);
  });

  it('lets a free member start two conversations, and reply and write on without limit', async () => {
    const a = await memberWith(database());
    const [b, c, d] = [
      await memberWith(database()),
      await memberWith(database()),
      await memberWith(database()),
    ];
    await sent(a.client, b.id, 'Hello B');
    await sent(a.client, c.id, 'Hello C');
    const third = await sendText(a.client, d.id, 'Hello D');
    expect(third.status).toBe(403);
    expect(third.json.error).toMatchObject({
      code: 'premium_required',
      message: 'This feature is only available for premium members',
    });
    expect((await chatOf(a.client, `member=${d.id}`)).composer.blocked_reason).toBe('conversation_limit');
    expect((await chatOf(a.client, `member=${b.id}`)).composer.blocked_reason).toBeNull();
    // Writing on in a started conversation, and replying to one someone else started, are free of limits.
    await sent(a.client, b.id, 'Me again');
    await sent(d.client, a.id, 'Hello A, from D');
    await sent(a.client, d.id, 'Hello D, a reply');
    expect((await chatsOf(a.client)).chats.map((chat) => chat.profile.id)).toEqual([d.id, b.id, c.id]);
  });

  it('takes text of 1 to message_length characters after trimming, and only known gifts and GIFs', async () => {
    const { a, b } = await pair({ creditsA: 100 });
    for (const text of ['', '   \n ', 'x'.repeat(1001)]) {
      const res = await sendText(a.client, b.id, text);
      expect(res.status).toBe(422);
      expect(res.json.error).toMatchObject({
        code: 'field_invalid',
        field: 'text',
        message: 'A message needs 1 to 1000 characters.',
      });
    }
    expect((await sent(a.client, b.id, 'x'.repeat(1000))).message.text).toHaveLength(1000);
    const gift = await a.client.post('/api/chat.php', {
      kind: 'gift',
      member: b.id,
      client_key: newKey(),
      gift: 'no-such-gift',
    });
    expect(gift.status).toBe(422);
    expect(gift.json.error).toMatchObject({ field: 'gift', message: 'This gift is not available.' });
    const gif = await a.client.post('/api/chat.php', {
      kind: 'gif',
      member: b.id,
      client_key: newKey(),
      gif: { source: 'nowhere', id: 'none' },
    });
    expect(gif.status).toBe(422);
    expect(gif.json.error).toMatchObject({ field: 'gif', message: 'This GIF is not available.' });
    expect(await getCreditBalance({ userId: a.id })).toBe(90);
  });

  it('stores messages to fictional profiles like any other', async () => {
    const a = await memberWith(database());
    const fictional = await memberWith(database(), { fictional: true, credits: 0 });
    const message = await sent(a.client, fictional.id, 'Hi there');
    expect((await chatsOf(a.client)).chats[0]?.profile).toMatchObject({ id: fictional.id, fictional: true });
    expect((await chatOf(fictional.client, `member=${a.id}`)).messages.map((m) => m.id)).toEqual([
      message.message.id,
    ]);
  });

  it('refuses writing to oneself and to hidden or unknown members with the same 404', async () => {
    const a = await memberWith(database());
    const invisible = await memberWith(database(), { invisible: true });
    const answers = await Promise.all(
      [a.id, invisible.id, 2_000_000_000].map(async (id) => {
        const res = await sendText(a.client, id, 'Hello?');
        return { status: res.status, body: res.json };
      }),
    );
    for (const answer of answers) expect(answer).toEqual(answers[2]);
    expect(answers[2]?.status).toBe(404);
  });

  it('answers 429 with Retry-After once a member sends too many messages a minute', async () => {
    process.env.CHAT_MESSAGES_PER_MINUTE = '2';
    resetEnv();
    try {
      const { a, b } = await pair();
      await sent(a.client, b.id, 'One');
      await sent(a.client, b.id, 'Two');
      const third = await sendText(a.client, b.id, 'Three');
      expect(third.status).toBe(429);
      expect(third.json.error.code).toBe('rate_limited');
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      process.env.CHAT_MESSAGES_PER_MINUTE = '100000';
      resetEnv();
    }
  });
});

describe('members whose e-mail address is not confirmed', () => {
  it('read what is sent to them but can neither start a conversation nor reply', async () => {
    const a = await memberWith(database());
    const unconfirmed = await memberWith(database());
    await database().update(users).set({ status: 'not_confirmed' }).where(eq(users.id, unconfirmed.id));

    const start = await sendText(unconfirmed.client, a.id, 'Hi');
    expect(start.status).toBe(403);
    expect(start.json.error).toMatchObject({
      code: 'email_not_confirmed',
      message: 'Confirm your e-mail address to send messages.',
    });

    await sent(a.client, unconfirmed.id, 'Welcome!');
    const theirs = await chatOf(unconfirmed.client, `member=${a.id}`);
    expect(theirs.messages.map((m) => m.text)).toEqual(['Welcome!']);
    expect(theirs.composer.blocked_reason).toBe('confirm_email');
    expect((await sendText(unconfirmed.client, a.id, 'Thanks')).status).toBe(403);
    // The other member sees why no answer can come yet.
    expect((await chatsOf(a.client)).chats[0]?.profile.awaiting_confirmation).toBe(true);
    expect((await chatOf(a.client, `member=${unconfirmed.id}`)).profile.awaiting_confirmation).toBe(true);
    expect(await getCreditBalance({ userId: unconfirmed.id })).toBe(1_000);
  });
});

describe('reading', () => {
  it('tells the sender how far the other member has read, and never moves the mark back', async () => {
    const { a, b } = await pair();
    const one = await sent(a.client, b.id, 'One');
    const two = await sent(a.client, b.id, 'Two');
    const conversation = one.conversation.id;
    // Opening the conversation reads nothing by itself.
    await chatOf(b.client, `conversation=${conversation}`);
    expect((await chatsOf(b.client)).num_unread_messages).toBe(2);

    const read = await b.client.post('/api/chat-read.php', { conversation, message: one.message.id });
    expect(read.status).toBe(204);
    expect((await chatsOf(b.client)).num_unread_messages).toBe(0);
    expect((await chatOf(a.client, `conversation=${conversation}`)).seen_up_to).toBe(one.message.id);
    expect((await chatsOf(a.client)).chats[0]?.last_message?.seen).toBe(false);

    // Past the newest message the mark stops at the newest; an older one moves nothing.
    await b.client.post('/api/chat-read.php', { conversation, message: 2_000_000_000 });
    expect((await chatOf(a.client, `conversation=${conversation}`)).seen_up_to).toBe(two.message.id);
    expect((await chatsOf(a.client)).chats[0]?.last_message?.seen).toBe(true);
    await b.client.post('/api/chat-read.php', { conversation, message: one.message.id });
    expect((await chatOf(a.client, `conversation=${conversation}`)).seen_up_to).toBe(two.message.id);

    const toA = (await eventsOf(database(), a.id)).filter((e) => e.type === 'read');
    expect(toA).toEqual([
      { type: 'read', conversation, seen_up_to: one.message.id },
      { type: 'read', conversation, seen_up_to: two.message.id },
    ]);
    const toB = (await eventsOf(database(), b.id)).filter((e) => e.type === 'chat-read');
    expect(toB).toEqual(Array.from({ length: 3 }, () => ({ type: 'chat-read', conversation })));
  });

  it('pages back through older messages, oldest first on each page', async () => {
    const { a, b } = await pair();
    const first = await sent(a.client, b.id, 'Message 0');
    const conversation = first.conversation.id;
    const start = new Date(first.message.sent_at).getTime();
    await database()
      .insert(chatMessages)
      .values(
        Array.from({ length: CHAT_PAGE_SIZE + 4 }, (_, i) => ({
          conversationId: conversation,
          senderId: i % 2 ? a.id : b.id,
          recipientId: i % 2 ? b.id : a.id,
          kind: 'text' as const,
          text: `Message ${i + 1}`,
          clientKey: newKey(),
          createdAt: new Date(start + (i + 1) * 1_000),
        })),
      );
    const newest = await chatOf(a.client, `conversation=${conversation}`);
    expect(newest.has_more).toBe(true);
    expect(newest.messages).toHaveLength(CHAT_PAGE_SIZE);
    expect(newest.messages.at(-1)?.text).toBe(`Message ${CHAT_PAGE_SIZE + 4}`);
    expect(newest.messages[0]?.text).toBe('Message 5');
    const older = await chatOf(a.client, `conversation=${conversation}&before=${newest.messages[0]?.id}`);
    expect(older.has_more).toBe(false);
    expect(older.messages.map((m) => m.text)).toEqual([
      'Message 0',
      'Message 1',
      'Message 2',
      'Message 3',
      'Message 4',
    ]);
  });
});

describe('viewer rights', () => {
  it('answers a conversation of others exactly as one that does not exist, everywhere', async () => {
    const { a, b } = await pair();
    const { conversation } = await sent(a.client, b.id, 'Private');
    const other = await memberWith(database());
    const unknown = 2_000_000_000;
    const ask = async (id: number) => {
      const answers = [
        await other.client.get(`/api/chat.php?conversation=${id}`),
        await other.client.post('/api/chat-read.php', { conversation: id, message: 1 }),
        await other.client.post('/api/chat-typing.php', { conversation: id }),
        await other.client.delete('/api/chat.php', { conversation: id }),
      ];
      return answers.map((res) => ({ status: res.status, body: res.json }));
    };
    const theirs = await ask(conversation.id);
    expect(theirs).toEqual(await ask(unknown));
    expect(theirs.map((answer) => answer.status)).toEqual([404, 404, 404, 404]);
    // Nothing changed for the two.
    expect((await chatsOf(b.client)).num_unread_messages).toBe(1);
    expect((await chatsOf(a.client)).chats).toHaveLength(1);
  });

  it('answers a member with no conversation yet with an empty conversation, hidden ones with 404', async () => {
    const a = await memberWith(database());
    const b = await memberWith(database(), { name: 'Bo' });
    expect(await chatOf(a.client, `member=${b.id}`)).toMatchObject({
      conversation: null,
      profile: { id: b.id, name: 'Bo', unavailable: false },
      messages: [],
      has_more: false,
      seen_up_to: null,
    });
    const hidden = await memberWith(database(), { invisible: true });
    const [ownself, invisible, unknown] = await Promise.all(
      [a.id, hidden.id, 2_000_000_000].map((id) => a.client.get(`/api/chat.php?member=${id}`)),
    );
    expect(invisible?.json).toEqual(unknown?.json);
    expect(ownself?.json).toEqual(unknown?.json);
    expect(unknown?.status).toBe(404);
  });
});

describe('the history window', () => {
  it('neither shows nor serves nor counts messages older than CHAT_HISTORY_DAYS', async () => {
    const { a, b } = await pair();
    const old = new Date(Date.now() - 181 * 86_400_000);
    const first = await sendMessage({
      senderId: a.id,
      host: 'lovelane.test',
      input: { kind: 'text', member: b.id, client_key: newKey(), text: 'Long ago' },
      now: old,
    });
    expect((await chatsOf(b.client)).chats).toEqual([]);
    expect((await chatsOf(b.client)).num_unread_messages).toBe(0);
    expect((await chatOf(b.client, `conversation=${first.conversation.id}`)).messages).toEqual([]);

    await sent(a.client, b.id, 'Recently');
    const list = await chatsOf(b.client);
    expect(list.num_unread_messages).toBe(1);
    expect(list.chats[0]?.num_unread_messages).toBe(1);
    expect((await chatOf(b.client, `member=${a.id}`)).messages.map((m) => m.text)).toEqual(['Recently']);
  });
});

describe('removing conversations', () => {
  it('removes one for the viewer only; a newer message brings it back with only what is newer', async () => {
    const { a, b } = await pair();
    const { conversation } = await sent(a.client, b.id, 'Before removal');
    const removed = await b.client.delete('/api/chat.php', { conversation: conversation.id });
    expect(removed.status).toBe(204);
    expect(await chatsOf(b.client)).toEqual({ chats: [], num_unread_messages: 0 });
    expect((await chatOf(b.client, `conversation=${conversation.id}`)).messages).toEqual([]);
    expect((await chatsOf(a.client)).chats).toHaveLength(1);
    expect((await eventsOf(database(), b.id)).filter((e) => e.type === 'chats-changed')).toHaveLength(1);

    await sent(a.client, b.id, 'After removal');
    const list = await chatsOf(b.client);
    expect(list.chats.map((chat) => [chat.conversation.id, chat.num_unread_messages])).toEqual([
      [conversation.id, 1],
    ]);
    expect((await chatOf(b.client, `member=${a.id}`)).messages.map((m) => m.text)).toEqual(['After removal']);
    expect((await chatOf(a.client, `member=${b.id}`)).messages.map((m) => m.text)).toEqual([
      'Before removal',
      'After removal',
    ]);
  });

  it('removes the conversation with a member by their profile, and 404s when there is none', async () => {
    const { a, b } = await pair();
    await sent(a.client, b.id, 'Hello');
    expect((await a.client.delete('/api/chat.php', { profile: b.id })).status).toBe(204);
    expect((await chatsOf(a.client)).chats).toEqual([]);
    const stranger = await memberWith(database());
    const none = await a.client.delete('/api/chat.php', { profile: stranger.id });
    const unknown = await a.client.delete('/api/chat.php', { profile: 2_000_000_000 });
    expect(none.status).toBe(404);
    expect(none.json).toEqual(unknown.json);
  });
});

describe('blocking', () => {
  it('clears the blocker’s conversation and stops all contact both ways', async () => {
    const { a, b } = await pair();
    const { conversation } = await sent(a.client, b.id, 'Hello');
    await sent(b.client, a.id, 'Hi back');
    expect((await b.client.post('/api/block.php', { member: a.id })).status).toBe(204);

    expect(await chatsOf(b.client)).toEqual({ chats: [], num_unread_messages: 0 });
    const blockedSide = await chatsOf(a.client);
    expect(blockedSide.chats[0]?.profile).toMatchObject({
      id: b.id,
      unavailable: true,
      thumb: null,
      online: false,
    });
    for (const [client, member] of [
      [a.client, b.id],
      [b.client, a.id],
    ] as const) {
      expect((await sendText(client, member, 'Still there?')).status).toBe(404);
      expect((await client.get(`/api/chat.php?conversation=${conversation.id}`)).status).toBe(404);
      expect((await client.get(`/api/chat.php?member=${member}`)).status).toBe(404);
      expect((await client.post('/api/chat-typing.php', { conversation: conversation.id })).status).toBe(404);
    }
    for (const member of [a.id, b.id]) {
      expect((await eventsOf(database(), member)).filter((e) => e.type === 'chats-changed')).toHaveLength(1);
    }
  });
});

describe('plain text only', () => {
  it('stores and serves markup and links exactly as typed, as JSON text', async () => {
    const { a, b } = await pair();
    const corpus = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">click</a>',
      'javascript:alert(document.cookie)',
      '"><svg onload=alert(1)>',
      '&lt;b&gt;bold&lt;/b&gt; & more',
    ];
    for (const text of corpus) await sent(a.client, b.id, text);
    const res = await b.client.get(`/api/chat.php?member=${a.id}`);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(ChatSchema.parse(res.json).messages.map((m) => m.text)).toEqual(corpus);
    expect((await chatsOf(b.client)).chats[0]?.last_message?.preview).toBe(corpus.at(-1));
  });
});

describe('typing', () => {
  it('tells the other member, at most once per throttle window', async () => {
    const { a, b } = await pair();
    const { conversation } = await sent(a.client, b.id, 'Hello');
    // A's open tab, as the process's event hub serves it.
    const heard: DeliveredEvent[] = [];
    const stream = new MemberStream(a.id, (event) => {
      if (event.data.type === 'typing') heard.push(event);
    });
    const unregister = await memberEventHub().register(stream);
    stream.open(0, []);
    try {
      for (let i = 0; i < 3; i += 1) {
        expect((await b.client.post('/api/chat-typing.php', { conversation: conversation.id })).status).toBe(
          204,
        );
      }
      await expect
        .poll(() => heard)
        .toEqual([{ id: null, data: { type: 'typing', conversation: conversation.id, member: b.id } }]);
    } finally {
      unregister();
    }
  });
});

describe('the contract', () => {
  it('answers sends with the ChatSent shape only', async () => {
    const { a, b } = await pair();
    await giveCredits(a.id, 5);
    const res = await sendText(a.client, b.id, 'Shape');
    expect(() => ChatSentSchema.strict().parse(res.json)).not.toThrow();
  });
});
