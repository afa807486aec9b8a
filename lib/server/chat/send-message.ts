import 'server-only';
import { and, count, eq, sql } from 'drizzle-orm';
import { FREE_CONVERSATION_LIMIT, type ChatSend, type ChatSent } from '@/lib/shared/schemas/chat';
import { getDb, type DbOrTx, type Tx } from '../db/client';
import { users } from '../db/schema/auth';
import { chatMessages, conversationMembers, conversations, type StoredGif } from '../db/schema/chat';
import type { CreditReason } from '../db/schema/credits';
import { getCreditBalance } from '../credits/get-credit-balance';
import { postCreditEntry } from '../credits/post-credit-entry';
import { env } from '../env';
import { AppError } from '../errors';
import { recordMemberEvents } from '../events/member-events';
import { findGift } from '../gifts/gift-catalogue';
import { resolveGif } from '../gifs/resolve-gif';
import { lockPair } from '../members/pair-lock';
import { queueMemberNotification } from '../notifications/queue-member-notification';
import { hitRateLimit } from '../security/rate-limit';
import { chatSite, type ChatSite } from './chat-site';
import { chatSummary, findPartner, isWritable, toChatMessage, type MessageRow } from './chat-view';

/** What a message carries, checked: words, a catalogue gift, a resolved GIF, or a stored photo. */
export type MessageContent =
  | { kind: 'text'; text: string }
  | { kind: 'gift'; giftId: string }
  | { kind: 'gif'; gif: StoredGif }
  | { kind: 'photo'; photoKey: string; width: number; height: number };

/** The refusal for a member the sender may not write to: the same for hidden, blocked, unknown and self. */
export const memberUnavailable = (memberId: number, why: string) =>
  new AppError('not_found', { messageKey: 'member_unavailable', log: `chat: member ${memberId} ${why}` });

/** The price of a message and the ledger reason it is booked under (premium members pay too). */
function priceOf(content: MessageContent, site: ChatSite): { price: number; reason: CreditReason } {
  switch (content.kind) {
    case 'text':
    case 'gif':
      return { price: site.messageCredits, reason: 'message' };
    case 'gift':
      return { price: site.giftCredits, reason: 'gift' };
    case 'photo':
      return { price: site.photoCredits, reason: 'photo' };
  }
}

/** Counts a message against the sender's budget a minute (against spam), and refuses it when spent. */
async function spendMessageBudget(senderId: number, now: Date): Promise<void> {
  const limit = await hitRateLimit({
    key: `chat:${senderId}`,
    limit: env().CHAT_MESSAGES_PER_MINUTE,
    windowSeconds: 60,
    now,
  });
  if (!limit.allowed) {
    throw new AppError('rate_limited', {
      log: `member ${senderId} sends messages too fast`,
      values: { seconds: limit.retryAfter },
      headers: { 'Retry-After': String(limit.retryAfter) },
    });
  }
}

/** Checks what a JSON send carries: text length after trimming, a known gift, a known GIF. */
async function checkContent(input: ChatSend, site: ChatSite): Promise<MessageContent> {
  switch (input.kind) {
    case 'text': {
      const text = input.text.trim();
      if (text.length < 1 || text.length > site.messageLength) {
        throw new AppError('field_invalid', {
          field: 'text',
          messageKey: 'chat_text_length',
          values: { max: site.messageLength },
        });
      }
      return { kind: 'text', text };
    }
    case 'gift':
      if (!findGift(input.gift)) {
        throw new AppError('field_invalid', { field: 'gift', messageKey: 'chat_gift_unknown' });
      }
      return { kind: 'gift', giftId: input.gift };
    case 'gif': {
      const gif = await resolveGif(input.gif);
      if (!gif) throw new AppError('field_invalid', { field: 'gif', messageKey: 'chat_gif_unknown' });
      return { kind: 'gif', gif };
    }
  }
}

/** The message a sender sent before with this key, if any. */
export async function findSentMessage(
  db: DbOrTx,
  senderId: number,
  clientKey: string,
): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientKey, clientKey)));
  return row ?? null;
}

/**
 * The pair's conversation, made with both members' sides when there is none (free members: limited);
 * `isNew` when this message starts it.
 */
async function conversationFor(
  tx: Tx,
  options: { senderId: number; recipientId: number; paidUser: boolean },
): Promise<{ id: number; isNew: boolean }> {
  const { senderId, recipientId } = options;
  const [low, high] = senderId < recipientId ? [senderId, recipientId] : [recipientId, senderId];
  const [existing] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.memberLow, low), eq(conversations.memberHigh, high)));
  if (existing) return { id: existing.id, isNew: false };
  // Free members start a few conversations; replies and further messages are never limited.
  if (!options.paidUser) {
    const [started] = await tx
      .select({ count: count() })
      .from(conversations)
      .where(eq(conversations.startedBy, senderId));
    if ((started?.count ?? 0) >= FREE_CONVERSATION_LIMIT) {
      throw new AppError('premium_required', {
        messageKey: 'chat_conversation_limit',
        log: `free member ${senderId} has started ${started?.count} conversations`,
      });
    }
  }
  const [created] = await tx
    .insert(conversations)
    .values({ memberLow: low, memberHigh: high, startedBy: senderId })
    .returning({ id: conversations.id });
  if (!created) throw new Error('conversation not created');
  await tx.insert(conversationMembers).values([
    { conversationId: created.id, memberId: senderId, otherId: recipientId },
    { conversationId: created.id, memberId: recipientId, otherId: senderId },
  ]);
  return { id: created.id, isNew: true };
}

export interface Delivery {
  sent: ChatSent;
  /** False when the sender's key was used before: the first message is answered, nothing spent. */
  created: boolean;
}

/**
 * Delivers a checked message in one transaction under the pair's lock: the recipient must be
 * writable (shown, not the sender, no block either way: else 404 as for an unknown member), the
 * sender's e-mail confirmed, a free member within their conversation starts; the price is spent in
 * the same transaction (refused with `insufficient_credits`, nothing stored). Both sides of the
 * conversation move to the message and both members' tabs hear of it. The same client key again
 * answers the first message and spends nothing.
 *
 * Unconfirmed e-mail (spec §4, "until the e-mail is confirmed, recipients cannot reply"): a member
 * whose e-mail address is not confirmed reads what is sent to them but can neither start a
 * conversation nor reply (403 `chat_confirm_email`); their partners see `awaiting_confirmation`.
 */
export async function deliverMessage(options: {
  senderId: number;
  recipientId: number;
  clientKey: string;
  content: MessageContent;
  site: ChatSite;
  now?: Date;
  /**
   * A chat operator answering as a fictional profile: nothing is paid and no sending budget spent
   * (one profile answers many members); `afterStore` runs in the message's transaction.
   */
  operatorReply?: { afterStore: (tx: Tx, messageId: number) => Promise<void> };
}): Promise<Delivery> {
  const { senderId, recipientId, clientKey, content, site, operatorReply } = options;
  const now = options.now ?? new Date();
  if (senderId === recipientId) throw memberUnavailable(recipientId, 'is the sender');
  if (!operatorReply) await spendMessageBudget(senderId, now);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockPair(tx, senderId, recipientId);
    const earlier = await findSentMessage(tx, senderId, clientKey);
    if (earlier) {
      return {
        sent: {
          message: toChatMessage(earlier, senderId),
          conversation: { id: earlier.conversationId },
          credits: await getCreditBalance({ userId: senderId, tx }),
        },
        created: false,
      };
    }
    const partner = await findPartner(tx, senderId, recipientId);
    if (!partner) throw memberUnavailable(recipientId, 'does not exist');
    if (!isWritable(partner)) throw memberUnavailable(recipientId, 'is hidden or blocked');
    // The sender's row serialises their conversation starts (the free members' limit). NO KEY
    // UPDATE leaves rows that merely reference the member (messages to them) free to be written.
    const [sender] = await tx
      .select({ status: users.status, paidUser: users.paidUser })
      .from(users)
      .where(eq(users.id, senderId))
      .for('no key update');
    if (!sender) throw new AppError('authentication_required', { log: `chat: sender ${senderId} gone` });
    if (sender.status !== 'confirmed') {
      throw new AppError('email_not_confirmed', {
        messageKey: 'chat_confirm_email',
        log: `chat: member ${senderId} has not confirmed their e-mail address`,
      });
    }
    const conversation = await conversationFor(tx, { senderId, recipientId, paidUser: sender.paidUser });
    const conversationId = conversation.id;

    const { price: listPrice, reason } = priceOf(content, site);
    const price = operatorReply ? 0 : listPrice;
    const credits =
      price > 0
        ? (
            await postCreditEntry({
              tx,
              userId: senderId,
              delta: -price,
              reason,
              reference: `chat:${senderId}:${clientKey}`,
              now,
            })
          ).balance
        : await getCreditBalance({ userId: senderId, tx });

    const [message] = await tx
      .insert(chatMessages)
      .values({
        conversationId,
        senderId,
        recipientId,
        kind: content.kind,
        text: content.kind === 'text' ? content.text : null,
        giftId: content.kind === 'gift' ? content.giftId : null,
        gif: content.kind === 'gif' ? content.gif : null,
        photoKey: content.kind === 'photo' ? content.photoKey : null,
        photoWidth: content.kind === 'photo' ? content.width : null,
        photoHeight: content.kind === 'photo' ? content.height : null,
        credits: price,
        clientKey,
        createdAt: now,
      })
      .returning();
    if (!message) throw new Error('message not stored');

    // Both sides show the message (a side the member had removed shows again, with newer messages
    // only); the recipient has one more unread.
    await tx
      .update(conversationMembers)
      .set({
        lastMessageId: message.id,
        lastMessageAt: now,
        unreadCount: sql`${conversationMembers.unreadCount} + case when ${conversationMembers.memberId} = ${recipientId} then 1 else 0 end`,
      })
      .where(eq(conversationMembers.conversationId, conversationId));

    await operatorReply?.afterStore(tx, message.id);

    const events = [];
    for (const memberId of [recipientId, senderId]) {
      const chat = await chatSummary(tx, {
        viewerId: memberId,
        conversationId,
        now,
        cdnPrefix: site.cdnPrefix,
      });
      if (chat)
        events.push({
          memberId,
          event: { type: 'message' as const, message: toChatMessage(message, memberId), chat },
        });
    }
    await recordMemberEvents(tx, events);
    // The recipient hears of it while away (push), once this commits.
    await queueMemberNotification(tx, {
      kind: 'message',
      recipientId,
      actorId: senderId,
      conversationId,
      messageId: message.id,
      isNewConversation: conversation.isNew,
    });
    return {
      sent: { message: toChatMessage(message, senderId), conversation: { id: conversationId }, credits },
      created: true,
    };
  });
}

/** `POST /api/chat.php`: a text, gift or GIF message to a member (starting the conversation if needed). */
export async function sendMessage(options: {
  senderId: number;
  host: string | null;
  input: ChatSend;
  now?: Date;
}): Promise<ChatSent> {
  const site = await chatSite(options.host);
  const content = await checkContent(options.input, site);
  const delivery = await deliverMessage({
    senderId: options.senderId,
    recipientId: options.input.member,
    clientKey: options.input.client_key,
    content,
    site,
    now: options.now,
  });
  return delivery.sent;
}
