import { index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { conversations } from './chat';
import { operators } from './operators';

/**
 * Which chat operator is answering a conversation with a fictional profile, until when. One row per
 * conversation: a claim is taken by inserting it, or by taking over a row whose time has run out, in
 * one statement, so two operators never hold the same conversation.
 */
export const fictionalChatClaims = pgTable(
  'fictional_chat_claims',
  {
    conversationId: integer('conversation_id')
      .primaryKey()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('fictional_chat_claims_operator_idx').on(t.operatorId)],
);
