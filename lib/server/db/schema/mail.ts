import { index, jsonb, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every kind of mail the app sends, one per template in lib/server/mail/templates: a template
 * whose kind is missing here does not compile where the outbox row is written.
 */
export const mailKind = pgEnum('mail_kind', [
  'activation',
  'password_reset',
  'mail_change',
  'mail_changed',
  'account_deleted',
  'complaint_received',
  'payment_receipt',
  'moderation_warning',
  'verification_decided',
  'passkey_changed',
  // Notifications (lib/server/notifications), each under the preference kind it belongs to.
  'notify_new_conversation',
  'notify_new_message',
  'notify_like',
  'notify_match',
  'notify_unread_reminder',
  'notify_weekly_update',
  'notify_news',
  'notify_promotion',
  'notify_reminder',
]);
export type StoredMailKind = (typeof mailKind.enumValues)[number];

/** Mail the app sent (or, with no SMTP server configured, kept here to be read). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    kind: mailKind('kind').notNull(),
    locale: text('locale').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers the mail was sent with (List-Unsubscribe, List-Unsubscribe-Post). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('mail_outbox_to_idx').on(t.toAddress), index('mail_outbox_created_idx').on(t.createdAt)],
);
