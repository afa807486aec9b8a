import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * What a chat message carries: words, a gift from the catalogue, a GIF, or a photo; `removed` when
 * its sender's account was purged and its content with it.
 */
export const chatMessageKind = pgEnum('chat_message_kind', ['text', 'gift', 'gif', 'photo', 'removed']);
export type ChatMessageKind = (typeof chatMessageKind.enumValues)[number];

/** A GIF as it was sent: where it came from and how to show it (no HTML, only addresses and sizes). */
export interface StoredGif {
  /** The GIF service (`catalogue` for the catalogue shipped with the app, `klipy`, `giphy`). */
  source: string;
  /** The service's id of the item. */
  id: string;
  url: string;
  preview: string;
  width: number;
  height: number;
  title: string;
}

/**
 * One conversation between two members: one per pair (`member_low` < `member_high`), whoever
 * started it. `started_by` counts against the free members' limit on conversations they start.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    memberLow: integer('member_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberHigh: integer('member_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedBy: integer('started_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_key').on(t.memberLow, t.memberHigh),
    index('conversations_started_idx').on(t.startedBy),
    check('conversations_pair_ordered', sql`${t.memberLow} < ${t.memberHigh}`),
  ],
);

/**
 * A member's side of a conversation: what the chat list shows them. `cleared_at` hides everything
 * up to that moment from this member (set when they remove the conversation); the conversation
 * shows again in their list once a newer message arrives. `last_message_id` is the newest message
 * this member can see, so the list orders and previews from one index. `read_up_to` is the newest
 * message this member has read: the other member sees "seen" up to there.
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    otherId: integer('other_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    unreadCount: integer('unread_count').notNull().default(0),
    readUpTo: bigint('read_up_to', { mode: 'number' }),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    /** When this member was last e-mailed about this conversation (one mail while they stay away). */
    emailNotifiedAt: timestamp('email_notified_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.conversationId] }),
    // The chat list: newest first, only conversations with a message this member can see.
    index('conversation_members_list_idx')
      .on(t.memberId, t.lastMessageAt.desc(), t.conversationId.desc())
      .where(sql`last_message_id is not null`),
    index('conversation_members_other_idx').on(t.otherId, t.memberId),
    // The notification mail sweeps: sides with unread messages, by their newest message.
    index('conversation_members_unread_idx')
      .on(t.lastMessageAt)
      .where(sql`unread_count > 0`),
    check('conversation_members_unread_nonnegative', sql`${t.unreadCount} >= 0`),
  ],
);

/**
 * A message in a conversation. `credits` is what the sender paid (the ledger entry's reference is
 * `chat:<id of client_key>`); `client_key` makes a retried send deliver once.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: chatMessageKind('kind').notNull(),
    text: text('text'),
    giftId: text('gift_id'),
    gif: jsonb('gif').$type<StoredGif>(),
    /** The photo's storage key (private: served only to the two members). */
    photoKey: text('photo_key'),
    photoWidth: integer('photo_width'),
    photoHeight: integer('photo_height'),
    credits: integer('credits').notNull().default(0),
    clientKey: text('client_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id.desc()),
    uniqueIndex('chat_messages_client_key').on(t.senderId, t.clientKey),
    check('chat_messages_credits_nonnegative', sql`${t.credits} >= 0`),
  ],
);

/**
 * What the server tells a member's open tabs (new message, read state, likes, credits), kept a while
 * so a stream that reconnects with `Last-Event-ID` gets what it missed. `payload` is the event as
 * that member's tabs receive it. NOTIFY carries only the member's id and the event's id.
 */
export const memberEvents = pgTable(
  'member_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('member_events_member_idx').on(t.memberId, t.id),
    index('member_events_created_idx').on(t.createdAt),
  ],
);
