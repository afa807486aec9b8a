import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Browsers that receive this member's web push (one row per push endpoint). A subscription the push
 * service reports gone (404/410) is deleted.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    failureCount: smallint('failure_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * Every notification handed to a channel, under a key that names what it was about (a conversation
 * and its newest message, a week, a like): the unique key makes a job that runs twice — after a
 * restart, on two instances — send nothing the second time.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'email' or 'push'. */
    channel: text('channel').notNull(),
    /** One of NOTIFICATION_KINDS. */
    kind: text('kind').notNull(),
    /** What the notification was about, unique per member, channel and kind. */
    ref: text('ref').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notification_deliveries_key').on(t.userId, t.channel, t.kind, t.ref),
    index('notification_deliveries_created_idx').on(t.createdAt),
  ],
);

/** Bounce and spam-complaint reports from the mail service (webhook) or an operator (command). */
export const mailEvents = pgTable(
  'mail_events',
  {
    id: serial('id').primaryKey(),
    /** 'bounce' or 'complaint'. */
    type: text('type').notNull(),
    email: text('email').notNull(),
    /** The member the address belonged to when the report arrived, if any. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'webhook' or 'operator'. */
    source: text('source').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_events_email_idx').on(sql`lower(${t.email})`)],
);

/**
 * Signed webhook reports already taken, by what makes each unique (Mailgun's token, or the HMAC of
 * our own format): a report is taken once, so a signature captured on the way cannot be sent again
 * with other content. A row is needed only while its timestamp is inside the freshness window (a
 * report signed earlier is refused as stale anyway); the hourly housekeeping deletes it after.
 */
export const mailEventTokens = pgTable(
  'mail_event_tokens',
  {
    /** `mailgun:<token>` or `own:<hex HMAC>`. */
    token: text('token').primaryKey(),
    /** The time the sender signed (its timestamp). */
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_event_tokens_signed_idx').on(t.signedAt)],
);
