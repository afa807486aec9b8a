import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DELETION_REASONS } from '../../../shared/schemas/auth';
import { sites } from './reference';

/** not_confirmed until the e-mail address is confirmed; purged once the personal data is removed. */
export const accountStatus = pgEnum('account_status', ['not_confirmed', 'confirmed', 'purged']);
export type AccountStatus = (typeof accountStatus.enumValues)[number];

/** What an e-mailed single-use link does. */
export const emailTokenPurpose = pgEnum('email_token_purpose', [
  'activation',
  'password_reset',
  'mail_change',
  'reactivation',
]);
export type EmailTokenPurpose = (typeof emailTokenPurpose.enumValues)[number];

/** Why a member deleted the account, as picked on the deletion page. */
export const deletionReason = pgEnum('deletion_reason', DELETION_REASONS);
export type DeletionReason = (typeof deletionReason.enumValues)[number];

/** Member accounts. Personal data is purged 14 days after deletion; payment records stay. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    // A deleted account keeps its status (deleted_at says it is deleted) so reactivation restores it.
    status: accountStatus('status').notNull().default('not_confirmed'),
    paidUser: boolean('paid_user').notNull().default(false),
    fictionalIcon: boolean('fictional_icon').notNull().default(true),
    language: text('language').notNull(),
    /** The IANA time zone of the member's browser (`Europe/Berlin`), as last seen; null until then. */
    timeZone: text('time_zone'),
    /** Notification kinds switched off, per channel: 'email:<kind>' and 'push:<kind>'. */
    notificationsDisabled: jsonb('notifications_disabled').$type<string[]>().notNull().default([]),
    /** Why e-mail notifications stopped: 'bounce', 'spam_complaint' or 'unsubscribe'; null when they run. */
    emailStoppedReason: text('email_stopped_reason'),
    emailStoppedAt: timestamp('email_stopped_at', { withTimezone: true }),
    /** When the member closed the suggestion to turn on push notifications; null while it may be shown. */
    pushOfferDismissedAt: timestamp('push_offer_dismissed_at', { withTimezone: true }),
    trackingNetwork: text('tracking_network'),
    trackingRef: text('tracking_ref'),
    trackingSub1: text('tracking_sub1'),
    trackingSub2: text('tracking_sub2'),
    trackingSub3: text('tracking_sub3'),
    /** The lander of the member's first touch (e.g. `gallery`, `member-landing2`) and its campaign slug. */
    signupLander: text('signup_lander'),
    signupLanderSlug: text('signup_lander_slug'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletionReason: deletionReason('deletion_reason'),
    deletionComment: text('deletion_comment'),
    /**
     * The member's opaque WebAuthn user handle (base64url of 32 random bytes), made with their first
     * passkey: every passkey of the member carries it, and a sign-in whose handle differs is refused.
     */
    passkeyUserHandle: text('passkey_user_handle'),
  },
  (t) => [
    uniqueIndex('users_passkey_handle_key').on(t.passkeyUserHandle),
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_deleted_idx').on(t.deletedAt),
  ],
);

/** Login sessions: an opaque random token in the cookie, only its SHA-256 stored here. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the member last proved who they are in this session: the login, or the password or a
     * passkey given again. Adding or removing a passkey needs this to be recent.
     */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Single-use links sent by e-mail: activation, password reset, e-mail change, reactivation. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: emailTokenPurpose('purpose').notNull(),
    newEmail: text('new_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_key').on(t.tokenHash),
    index('email_tokens_user_idx').on(t.userId, t.purpose),
  ],
);
