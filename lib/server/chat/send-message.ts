import 'server-only';
import { and, eq } from 'drizzle-orm';
import { FREE_CONVERSATION_LIMIT, type ChatSend, type ChatSent } from '@/lib/shared/schemas/chat';
import { database, type DbOrTx } from '../db/client';
import { chatMessages, type StoredGif } from '../db/schema/chat';
import type { CreditReason } from '../db/schema/credits';
import { env } from '../env';
import { AppError } from '../errors';
import type { StoredServerEvent } from '../events/member-events';
import { publishMemberEvents } from '../events/publish-member-events';
import { findGift } from '../gifts/gift-catalogue';
import { resolveGif } from '../gifs/resolve-gif';
import { DEFAULT_MAX_ATTEMPTS } from '../jobs/enqueue-job';
import { ONLINE_MINUTES } from '../members/member-filters';
import { NOTIFY_PUSH_JOB } from '../notifications/queue-member-notification';
import { hitRateLimit } from '../security/rate-limit';
import { chatSite, historyStart, type ChatSite } from './chat-site';
import { toChatMessage, type MessageRow } from './chat-view';

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

export interface Delivery {
  sent: ChatSent;
  /** False when the sender's key was used before: the first message is answered, nothing spent. */
  created: boolean;
}

/** The statement of a send (the function of migration 0029_chat_send), prepared once per connection. */
const CHAT_SEND_SQL = `select chat_send(
  $1::int, $2::int, $3::text, $4::text::chat_message_kind, $5::text, $6::text, $7::text::jsonb, $8::text,
  $9::int, $10::int, $11::int, $12::text::credit_reason, $13::boolean, $14::int, $15::text::timestamptz,
  $16::text::timestamptz, $17::text, $18::int, $19::text, $20::text, $21::int) as result`;

/** What the send's function answers (`message` is the stored row, as JSON). */
interface ChatSendResult {
  created: boolean;
  message: {
    id: number;
    conversation_id: number;
    sender_id: number;
    recipient_id: number;
    kind: MessageRow['kind'];
    text: string | null;
    gift_id: string | null;
    gif: StoredGif | null;
    photo_key: string | null;
    photo_width: number | null;
    photo_height: number | null;
    credits: number;
    client_key: string;
    created_at: string;
  };
  conversation: number;
  credits: number;
  events: { id: number; member_id: number; payload: StoredServerEvent }[];
}

function toMessageRow(row: ChatSendResult['message']): MessageRow {
  return {
    id: Number(row.id),
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    recipientId: row.recipient_id,
    kind: row.kind,
    text: row.text,
    giftId: row.gift_id,
    gif: row.gif,
    photoKey: row.photo_key,
    photoWidth: row.photo_width,
    photoHeight: row.photo_height,
    credits: row.credits,
    clientKey: row.client_key,
    createdAt: new Date(row.created_at),
  };
}

/** The API's error for a refusal the send's function raised (`chat_send:<reason>[:<detail>]`), else null. */
function refusalOf(
  error: unknown,
  send: { senderId: number; recipientId: number; clientKey: string; price: number },
): AppError | null {
  const { senderId, recipientId } = send;
  const match = error instanceof Error ? /^chat_send:([a-z_]+)(?::(.*))?$/.exec(error.message) : null;
  if (!match) return null;
  const [, reason, detail] = match;
  switch (reason) {
    case 'member_missing':
      return memberUnavailable(recipientId, 'does not exist');
    case 'member_unavailable':
      return memberUnavailable(recipientId, 'is hidden or blocked');
    case 'sender_missing':
      return new AppError('authentication_required', { log: `chat: sender ${senderId} gone` });
    case 'email_not_confirmed':
      return new AppError('email_not_confirmed', {
        messageKey: 'chat_confirm_email',
        log: `chat: member ${senderId} has not confirmed their e-mail address`,
      });
    case 'conversation_limit':
      return new AppError('premium_required', {
        messageKey: 'chat_conversation_limit',
        log: `free member ${senderId} has started ${detail} conversations`,
      });
    case 'insufficient_credits':
      return new AppError('insufficient_credits', {
        log: `user ${senderId} has ${detail} credits, chat:${senderId}:${send.clientKey} needs ${send.price}`,
      });
    default:
      return null;
  }
}

/**
 * Delivers a checked message in one statement (the database function `chat_send`), under the pair's
 * lock: the recipient must be writable (shown, not the sender, no block either way: else 404 as for
 * an unknown member), the sender's e-mail confirmed, a free member within their conversation starts;
 * the price is spent only where the balance covers it (refused with `insufficient_credits`, nothing
 * stored). Both sides of the conversation move to the message and both members' tabs hear of it once
 * it has committed. The same client key again answers the first message and spends nothing.
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
   * (one profile answers many members); the profile's side is read up to the answer, the member
   * hears that their messages were read, and the operator's hold on the conversation ends.
   */
  operatorReply?: boolean;
}): Promise<Delivery> {
  const { senderId, recipientId, clientKey, content, site } = options;
  const operatorReply = options.operatorReply === true;
  const now = options.now ?? new Date();
  if (senderId === recipientId) throw memberUnavailable(recipientId, 'is the sender');
  if (!operatorReply) await spendMessageBudget(senderId, now);
  const { price: listPrice, reason } = priceOf(content, site);
  const price = operatorReply ? 0 : listPrice;
  const handle = await database();
  let result: ChatSendResult;
  try {
    const [row] = await handle.prepared<{ result: ChatSendResult }>('chat_send', CHAT_SEND_SQL, [
      senderId,
      recipientId,
      clientKey,
      content.kind,
      content.kind === 'text' ? content.text : null,
      content.kind === 'gift' ? content.giftId : null,
      content.kind === 'gif' ? JSON.stringify(content.gif) : null,
      content.kind === 'photo' ? content.photoKey : null,
      content.kind === 'photo' ? content.width : null,
      content.kind === 'photo' ? content.height : null,
      price,
      reason,
      operatorReply,
      FREE_CONVERSATION_LIMIT,
      now.toISOString(),
      historyStart(now).toISOString(),
      site.cdnPrefix,
      ONLINE_MINUTES,
      content.kind === 'gift' ? (findGift(content.giftId)?.image ?? '') : null,
      NOTIFY_PUSH_JOB,
      DEFAULT_MAX_ATTEMPTS,
    ]);
    if (!row) throw new Error('chat_send answered nothing');
    result = typeof row.result === 'string' ? (JSON.parse(row.result) as ChatSendResult) : row.result;
  } catch (error) {
    throw refusalOf(error, { senderId, recipientId, clientKey, price }) ?? error;
  }
  // Committed: the members' open tabs (both sides, the sender's balance) hear of it now.
  publishMemberEvents(
    result.events.map((event) => ({ id: Number(event.id), memberId: event.member_id, event: event.payload })),
  );
  const message = toMessageRow(result.message);
  return {
    sent: {
      message: toChatMessage(message, senderId),
      conversation: { id: result.conversation },
      credits: result.credits,
    },
    created: result.created,
  };
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
