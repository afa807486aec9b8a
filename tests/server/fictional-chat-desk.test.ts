// The chat desk: members' messages to fictional profiles wait in a queue that chat operators claim and answer.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimFictionalChat } from '@/lib/server/fictional-chats/claim-fictional-chat';
import { conversationMembers, fictionalChatClaims } from '@/lib/server/db/schema';
import { getCreditBalance } from '@/lib/server/credits/get-credit-balance';
import { AppError } from '@/lib/server/errors';
import { DeskConversationSchema, DeskQueueSchema } from '@/lib/shared/schemas/fictional-chats';
import { withTestDatabase } from '../helpers/database';
import { operatorClient } from '../helpers/operators';
import { createMember } from '../factories/create-member';
import { chatOf, eventsOf, memberWith, newKey, sent } from './chat-helpers';

const db = withTestDatabase();
process.env.TRUST_PROXY = '1';

type Operator = Awaited<ReturnType<typeof operatorClient>>;
let ada: Operator;
let bea: Operator;
beforeAll(async () => {
  ada = await operatorClient('chat_operator', { name: 'Ada' });
  bea = await operatorClient('chat_operator', { name: 'Bea' });
});

/** A member who wrote to a new fictional profile; the conversation waits for the profile's answer. */
async function waitingConversation(text = 'Hi there, how is your evening?') {
  const profile = await createMember(db.handle().db, { fictional: true, name: 'Fiona', photos: 1 });
  const member = await memberWith(db.handle().db, { name: 'Mark', gender: 'male', credits: 500 });
  const message = await sent(member.client, profile, text);
  return { profile, member, conversationId: message.conversation.id };
}

const queueOf = async (operator: Operator) => {
  const res = await operator.client.get('/api/operator/desk.php');
  expect(res.status).toBe(200);
  return DeskQueueSchema.parse(res.json);
};

describe('chat desk', () => {
  it('lists conversations waiting for a fictional profile, longest waiting first, and the dashboard counts them', async () => {
    const first = await waitingConversation('first');
    const second = await waitingConversation('second');
    // A conversation between two members of flesh and blood never reaches the desk.
    const other = await memberWith(db.handle().db);
    await sent(other.client, await createMember(db.handle().db), 'not for the desk');

    const queue = await queueOf(ada);
    const ids = queue.items.map((item) => item.conversationId);
    expect(ids).toContain(first.conversationId);
    expect(ids.indexOf(first.conversationId)).toBeLessThan(ids.indexOf(second.conversationId));
    const item = queue.items.find((i) => i.conversationId === second.conversationId);
    expect(item).toMatchObject({
      unread: 1,
      preview: 'second',
      profile: { id: second.profile, name: 'Fiona' },
      member: { id: second.member.id, name: 'Mark', paidUser: false },
      claim: null,
    });
    const dashboard = await ada.client.get('/api/operator/dashboard.php');
    expect(dashboard.json.queues.fictionalChats.waiting).toBe(queue.waiting);
    expect(queue.waiting).toBeGreaterThanOrEqual(2);
  });

  it('lets one operator hold a conversation: the other is refused until the claim runs out', async () => {
    const { conversationId, member } = await waitingConversation();
    const claimed = await ada.client.post('/api/operator/desk-claim.php', { conversationId });
    expect(claimed.status).toBe(200);
    const conversation = DeskConversationSchema.parse(claimed.json.conversation);
    expect(conversation.member).toMatchObject({ id: member.id, name: 'Mark', credits: 490, paidUser: false });
    expect(conversation.messages.map((m) => [m.fromProfile, m.text])).toEqual([
      [false, 'Hi there, how is your evening?'],
    ]);

    const refused = await bea.client.post('/api/operator/desk-claim.php', { conversationId });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('claim_taken');
    const beaQueue = await queueOf(bea);
    expect(beaQueue.items.find((i) => i.conversationId === conversationId)?.claim).toMatchObject({
      operatorName: 'Ada',
      isMine: false,
    });
    // Bea's "next" skips what Ada holds.
    const next = await bea.client.post('/api/operator/desk-claim.php', {});
    expect(next.json.conversation?.conversationId).not.toBe(conversationId);

    // Once Ada's time is up, Bea may take it.
    const later = new Date(Date.now() + 6 * 60_000);
    await expect(
      claimFictionalChat({ operatorId: bea.operatorId, conversationId, now: later }),
    ).resolves.toEqual({ conversationId });
  });

  it('gives a conversation to exactly one of two operators claiming it at once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { conversationId } = await waitingConversation();
      const results = await Promise.allSettled([
        claimFictionalChat({ operatorId: ada.operatorId, conversationId }),
        claimFictionalChat({ operatorId: bea.operatorId, conversationId }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refusal = results.find((r) => r.status === 'rejected');
      expect(
        refusal?.status === 'rejected' && refusal.reason instanceof AppError && refusal.reason.code,
      ).toBe('claim_taken');
      const holders = await db
        .handle()
        .db.select()
        .from(fictionalChatClaims)
        .where(eq(fictionalChatClaims.conversationId, conversationId));
      expect(holders).toHaveLength(1);
    }
  });

  it('delivers the answer to the member like any message, free, and takes the conversation off the queue', async () => {
    const { conversationId, member, profile } = await waitingConversation();
    const reply = { conversationId, text: 'Lovely, thanks! Yours?', clientKey: newKey() };
    // Without a claim there is no answering.
    const unclaimed = await bea.client.post('/api/operator/desk-reply.php', reply);
    expect(unclaimed.json.error.code).toBe('claim_expired');

    await bea.client.post('/api/operator/desk-claim.php', { conversationId });
    const answered = await bea.client.post('/api/operator/desk-reply.php', reply);
    expect(answered.status).toBe(201);

    const chat = await chatOf(member.client, `conversation=${conversationId}`);
    expect(chat.messages.map((m) => [m.from_viewer, m.text])).toEqual([
      [true, 'Hi there, how is your evening?'],
      [false, 'Lovely, thanks! Yours?'],
    ]);
    // The member's open tabs hear of it at once.
    const events = await eventsOf(db.handle().db, member.id);
    const texts = events.map((e) => (e.type === 'message' ? (e.message as { text: string }).text : null));
    expect(texts).toContain('Lovely, thanks! Yours?');
    expect(await getCreditBalance({ userId: profile })).toBe(0);
    expect(await getCreditBalance({ userId: member.id })).toBe(490);

    const [side] = await db
      .handle()
      .db.select()
      .from(conversationMembers)
      .where(eq(conversationMembers.memberId, profile));
    expect(side?.unreadCount).toBe(0);
    expect((await queueOf(bea)).items.some((i) => i.conversationId === conversationId)).toBe(false);
    // The claim went with the answer.
    expect(
      (await bea.client.post('/api/operator/desk-reply.php', { ...reply, clientKey: newKey() })).json.error
        .code,
    ).toBe('claim_expired');
  });

  it('refuses a conversation without a fictional profile, and operators of other roles', async () => {
    const a = await memberWith(db.handle().db);
    const message = await sent(a.client, await createMember(db.handle().db), 'hello');
    const res = await ada.client.post('/api/operator/desk-claim.php', {
      conversationId: message.conversation.id,
    });
    expect(res.status).toBe(404);
    const support = await operatorClient('support');
    expect((await support.client.get('/api/operator/desk.php')).status).toBe(403);
  });
});
