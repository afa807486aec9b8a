import { z } from 'zod';
import { MemberIdParamSchema, MemberIdSchema, RowIdParamSchema, RowIdSchema } from './ids';
import { CHAT_MESSAGE_KINDS, GIF_QUERY_MAX } from '../values/chat';
import { PAYMENT_STATES } from '../values/payments';

export * from '../values/chat';

/** A conversation's id in a JSON body or a query string (its own id space, not a member's). */
export const ConversationIdSchema = RowIdSchema.meta({ description: 'A conversation’s id' });
export const ConversationIdParamSchema = RowIdParamSchema.meta({ description: 'A conversation’s id' });

/** Any client-chosen key that makes a retried send deliver once (a UUID in practice). */
export const ClientKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/)
  .meta({ description: 'Chosen by the client per message; a retried send with the same key delivers once' });

/** The other member of a conversation, as the chat list and the top bar show them. */
export const ChatPartnerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  city: z.string().nullable(),
  fictional: z.boolean(),
  /** Photo verified (never while the member cannot be written to). */
  verified: z.boolean(),
  online: z.boolean(),
  /** Square thumbnail of the main photo, under the CDN prefix, or null. */
  thumb: z.string().nullable(),
  /** The member can no longer be written to (account gone, hidden, or blocked either way). */
  unavailable: z.boolean(),
  /** The member has not confirmed their e-mail address yet and cannot reply until they do (spec §4). */
  awaiting_confirmation: z.boolean(),
});
export type ChatPartner = z.infer<typeof ChatPartnerSchema>;

export const ChatGiftSchema = z.object({
  id: z.string(),
  /** The gift's picture (an address on this site). */
  image: z.string(),
});
export const ChatGifSchema = z.object({
  url: z.string(),
  preview: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  title: z.string(),
});
export type ChatGif = z.infer<typeof ChatGifSchema>;

/** One message as one of the two members sees it. */
export const ChatMessageSchema = z.object({
  id: z.number().int(),
  conversation: z.number().int(),
  from_viewer: z.boolean(),
  kind: z.enum(CHAT_MESSAGE_KINDS),
  /** Plain text (never HTML): for `text` messages. */
  text: z.string().nullable(),
  gift: ChatGiftSchema.nullable(),
  gif: ChatGifSchema.nullable(),
  /** The photo's private address (only the two members can load it) and its size. */
  photo: z.object({ url: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
  /** What the sender paid, in credits (shown to the sender only; 0 for the recipient). */
  credits: z.number().int(),
  sent_at: z.iso.datetime(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** A conversation in the chat list (spec §3 "Chat state": conversation.id, profile.id, num_unread_messages). */
export const ChatSummarySchema = z.object({
  conversation: z.object({ id: z.number().int() }),
  profile: ChatPartnerSchema,
  num_unread_messages: z.number().int().min(0),
  last_message: z
    .object({
      kind: z.enum(CHAT_MESSAGE_KINDS),
      /** The start of a text message; null for gifts, GIFs and photos (the list names the kind). */
      preview: z.string().nullable(),
      from_viewer: z.boolean(),
      /** The other member has read it (for the viewer's own last message). */
      seen: z.boolean(),
      sent_at: z.iso.datetime(),
    })
    .nullable(),
});
export type ChatSummary = z.infer<typeof ChatSummarySchema>;

/** `GET /api/chats.php`: the viewer's conversations, newest first, and the total unread. */
export const ChatsSchema = z.object({
  chats: z.array(ChatSummarySchema),
  num_unread_messages: z.number().int().min(0),
});
export type Chats = z.infer<typeof ChatsSchema>;

/** Query of `GET /api/chat.php`: a conversation by its id, or the conversation with a member. */
export const ChatQuerySchema = z
  .object({
    conversation: ConversationIdParamSchema.optional(),
    member: MemberIdParamSchema.optional(),
    /** Older messages than this message id (paging back). */
    before: z.coerce.number().int().min(1).optional(),
  })
  .refine((q) => (q.conversation === undefined) !== (q.member === undefined), {
    message: 'Give either conversation or member',
  });

/** What sending costs the viewer, and whether they may write at all (the composer shows it). */
export const ChatComposerSchema = z.object({
  message_credits: z.number().int(),
  photo_credits: z.number().int(),
  gift_credits: z.number().int(),
  message_length: z.number().int(),
  /** The money one message costs in the viewer's country, for the composer's hint; null when unknown. */
  message_cost: z.object({ costs: z.number(), currency: z.string() }).nullable(),
  /**
   * Why the viewer cannot send here, or null: `confirm_email` (the viewer's e-mail is not confirmed;
   * spec §4), `conversation_limit` (a free member starting a third conversation: the premium offer),
   * `unavailable` (the member cannot be written to).
   */
  blocked_reason: z.enum(['confirm_email', 'conversation_limit', 'unavailable']).nullable(),
});
export type ChatComposer = z.infer<typeof ChatComposerSchema>;

/** `GET /api/chat.php`: one conversation, its newest messages (oldest first) and the composer's facts. */
export const ChatSchema = z.object({
  /** Null while the viewer has not written to this member yet. */
  conversation: z.object({ id: z.number().int() }).nullable(),
  profile: ChatPartnerSchema,
  messages: z.array(ChatMessageSchema),
  has_more: z.boolean(),
  /** The newest of the viewer's messages the other member has read ("seen"), or null. */
  seen_up_to: z.number().int().nullable(),
  composer: ChatComposerSchema,
});
export type Chat = z.infer<typeof ChatSchema>;

/** Body of `POST /api/chat.php`: a message to a member (starts the conversation when there is none). */
export const ChatSendSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('text'),
      member: MemberIdSchema,
      client_key: ClientKeySchema,
      text: z.string().max(20_000),
    })
    .strict(),
  z
    .object({
      kind: z.literal('gift'),
      member: MemberIdSchema,
      client_key: ClientKeySchema,
      gift: z.string().max(64),
    })
    .strict(),
  z
    .object({
      kind: z.literal('gif'),
      member: MemberIdSchema,
      client_key: ClientKeySchema,
      gif: z.object({ source: z.string().max(20), id: z.string().max(200) }).strict(),
    })
    .strict(),
]);
export type ChatSend = z.infer<typeof ChatSendSchema>;

/** Answer of a send: the message as the viewer sees it, its conversation, and the credits left. */
export const ChatSentSchema = z.object({
  message: ChatMessageSchema,
  conversation: z.object({ id: z.number().int() }),
  credits: z.number().int(),
});
export type ChatSent = z.infer<typeof ChatSentSchema>;

/** Body of `DELETE /api/chat.php` (spec §7): one conversation, or every conversation with a member. */
export const ChatRemoveSchema = z.union([
  z.object({ conversation: ConversationIdSchema }).strict(),
  z.object({ profile: MemberIdSchema }).strict(),
]);

/** Body of `POST /api/chat-read.php`: the viewer has read the conversation up to this message. */
export const ChatReadSchema = z
  .object({ conversation: ConversationIdSchema, message: z.number().int().min(1) })
  .strict();

/** Body of `POST /api/chat-typing.php`: the viewer is typing in this conversation. */
export const ChatTypingSchema = z.object({ conversation: ConversationIdSchema }).strict();

/** A gift of the catalogue (`GET /api/gifts.php`). */
export const GiftSchema = z.object({ id: z.string(), name: z.string(), image: z.string() });
export const GiftsSchema = z.object({ gifts: z.array(GiftSchema), gift_credits: z.number().int() });
export type Gift = z.infer<typeof GiftSchema>;

/** Query and answer of `GET /api/gifs.php`: GIF search (empty query: what is popular). */
export const GifQuerySchema = z.object({
  q: z.string().trim().max(GIF_QUERY_MAX).default(''),
  page: z.coerce.number().int().min(1).max(20).default(1),
});
export const GifResultSchema = ChatGifSchema.extend({ source: z.string(), id: z.string() });
export const GifResultsSchema = z.object({
  results: z.array(GifResultSchema),
  has_more: z.boolean(),
  /** The service the results came from, for its attribution ("Powered by …"); null for the catalogue. */
  attribution: z.string().nullable(),
});
export type GifResult = z.infer<typeof GifResultSchema>;

/** `GET /api/icebreakers.php?member=`: openers for an empty conversation, in the viewer's language. */
export const IcebreakerQuerySchema = z.object({ member: MemberIdParamSchema });
export const IcebreakersSchema = z.object({ icebreakers: z.array(z.string()) });

/**
 * What the event stream (`GET /api/events.php`) sends a member's tabs. Each event's SSE `event:` is
 * its `type`; its `data:` is this object as JSON; its `id:` is the event's id for `Last-Event-ID`.
 */
export const ServerEventSchema = z.discriminatedUnion('type', [
  /** A message in one of the member's conversations (sent by the other, or by the member elsewhere). */
  z.object({ type: z.literal('message'), message: ChatMessageSchema, chat: ChatSummarySchema }),
  /** The other member read the conversation up to `seen_up_to`. */
  z.object({ type: z.literal('read'), conversation: z.number().int(), seen_up_to: z.number().int() }),
  /** The member read a conversation in another tab: its unread count is now zero there. */
  z.object({ type: z.literal('chat-read'), conversation: z.number().int() }),
  /** The other member is typing (not stored; no id). */
  z.object({ type: z.literal('typing'), conversation: z.number().int(), member: z.number().int() }),
  /** The member's conversations changed otherwise (removed, blocked): read the list again. */
  z.object({ type: z.literal('chats-changed') }),
  /** A like or match arrived, or a like went: read the likes again. */
  z.object({ type: z.literal('likes-changed') }),
  /** The member's credits changed (spend, grant, purchase): the new balance. */
  z.object({ type: z.literal('credits-changed'), credits: z.number().int() }),
  /** One of the member's payments changed state (and with a completed one, premium may have begun). */
  z.object({
    type: z.literal('payment-updated'),
    payment: z.number().int(),
    state: z.enum(PAYMENT_STATES),
    paid_user: z.boolean(),
  }),
]);
export type ServerEventData = z.infer<typeof ServerEventSchema>;
