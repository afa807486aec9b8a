import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  date,
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

/** The operating company of one or more sites (spec §3 "Company info"). */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  kvk: text('kvk').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  tradenames: jsonb('tradenames').$type<string[]>().notNull().default([]),
  vatNumbers: jsonb('vat_numbers').$type<string[]>().notNull().default([]),
  supportPhone: text('support_phone').notNull(),
  deleteDiscount: smallint('delete_discount').notNull().default(0),
  added: timestamp('added', { withTimezone: true }).notNull().defaultNow(),
});

/** Texts a site shows in every language, keyed by locale. */
export type LocalizedText = Partial<Record<string, string>>;

/**
 * The settings of one site, looked up by the domain it is served on; the row with domain
 * `default` serves every other host (spec §3 "Settings").
 */
export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    domain: text('domain').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    indexTitle: jsonb('index_title').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    countries: jsonb('countries').$type<string[]>().notNull(),
    defaultCountry: char('default_country', { length: 2 }).notNull(),
    visibleProfileFields: jsonb('visible_profile_fields').$type<string[]>().notNull(),
    visibleProfileNotes: jsonb('visible_profile_notes').$type<string[]>().notNull(),
    searchFields: jsonb('search_fields').$type<string[]>().notNull(),
    cdnPrefix: text('cdn_prefix').notNull().default('/cdn/'),
    messageCredits: integer('message_credits').notNull(),
    photoCredits: integer('photo_credits').notNull(),
    giftCredits: integer('gift_credits').notNull(),
    signupCredits: integer('signup_credits').notNull(),
    messageLength: integer('message_length').notNull(),
    minimumMessageCosts: jsonb('minimum_message_costs')
      .$type<Record<string, { costs: number; currency: string }>>()
      .notNull(),
    supportEmail: text('support_email').notNull(),
    enableSiteEntryPopup: boolean('enable_site_entry_popup').notNull().default(false),
    domainLanguage: text('domain_language'),
    fictionalWarning: jsonb('fictional_warning').$type<LocalizedText>().notNull(),
    fictionalSingular: jsonb('fictional_singular').$type<LocalizedText>().notNull(),
    fictionalPlural: jsonb('fictional_plural').$type<LocalizedText>().notNull(),
    refundDays: integer('refund_days').notNull(),
    signups: text('signups').notNull().default('all'),
    loggedOutSearch: boolean('logged_out_search').notNull().default(true),
    loggedOutSearchTrafficsource: boolean('logged_out_search_trafficsource').notNull().default(true),
    memberResell: boolean('member_resell').notNull().default(false),
    niche: smallint('niche').notNull().default(1),
    mailName: text('mail_name').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sites_domain_key').on(t.domain)],
);

/** First-level regions of the served countries. */
export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    country: char('country', { length: 2 }).notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('regions_code_key').on(t.code), index('regions_country_idx').on(t.country)],
);

/** Interests a member can pick; labels live in the message files under `Interests`. */
export const interests = pgTable(
  'interests',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('interests_slug_key').on(t.slug)],
);

/** Secrets the app generates once and keeps (web-push VAPID keys). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters for rate limits, shared by every app instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(1),
  },
  (t) => [
    uniqueIndex('rate_limits_key_window').on(t.key, t.windowStart),
    index('rate_limits_window_idx').on(t.windowStart),
  ],
);

/** Page-bounce log: a page was hidden (closed, switched away from) on a visit with `lb` set. */
export const pageBounces = pgTable(
  'page_bounces',
  {
    id: serial('id').primaryKey(),
    path: text('path'),
    locale: text('locale').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('page_bounces_created_idx').on(t.createdAt)],
);

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
    /** not_confirmed until the e-mail address is confirmed; deleted while it can be reactivated; purged after. */
    status: text('status').notNull().default('not_confirmed'),
    credits: integer('credits').notNull().default(0),
    paidUser: boolean('paid_user').notNull().default(false),
    fictionalIcon: boolean('fictional_icon').notNull().default(true),
    language: text('language').notNull(),
    notificationsDisabled: jsonb('notifications_disabled').$type<string[]>().notNull().default([]),
    trackingNetwork: text('tracking_network'),
    trackingRef: text('tracking_ref'),
    trackingSub1: text('tracking_sub1'),
    trackingSub2: text('tracking_sub2'),
    trackingSub3: text('tracking_sub3'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletionReason: text('deletion_reason'),
    deletionComment: text('deletion_comment'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_deleted_idx').on(t.deletedAt),
  ],
);

/** The public side of a member. */
export const profiles = pgTable(
  'profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    gender: text('gender'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    country: char('country', { length: 2 }).notNull(),
    /** disabled until the e-mail address is confirmed. */
    status: text('status').notNull().default('disabled'),
    signupMessage: text('signup_message'),
    sexuality: text('sexuality'),
    regionId: integer('region_id').references(() => regions.id),
    city: text('city'),
    hairColor: text('hair_color'),
    eyeColor: text('eye_color'),
    bodyType: text('body_type'),
    relationshipStatus: text('relationship_status'),
    tattoos: text('tattoos'),
    /** Invisible mode: hidden from search and from other members' lists while browsing. */
    invisible: boolean('invisible').notNull().default(false),
    /** A fictional profile: shown with the fictional icon and the site's fictional wording. */
    fictional: boolean('fictional').notNull().default(false),
    /** Last time the member used the app (updated at most every few minutes); search orders by it. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Search walks one of these in last-active order; they hold only profiles search may show.
    index('profiles_search_gender_country_idx')
      .on(t.gender, t.country, t.lastActiveAt.desc(), t.userId.desc(), t.dateOfBirth)
      .where(sql`status = 'active' and not invisible`),
    index('profiles_search_country_idx')
      .on(t.country, t.lastActiveAt.desc(), t.userId.desc(), t.dateOfBirth)
      .where(sql`status = 'active' and not invisible`),
    index('profiles_search_region_idx')
      .on(t.regionId, t.gender, t.lastActiveAt.desc(), t.userId.desc(), t.dateOfBirth)
      .where(sql`status = 'active' and not invisible`),
    index('profiles_search_gender_idx')
      .on(t.gender, t.lastActiveAt.desc(), t.userId.desc(), t.dateOfBirth)
      .where(sql`status = 'active' and not invisible`),
    index('profiles_search_all_idx')
      .on(t.lastActiveAt.desc(), t.userId.desc(), t.dateOfBirth)
      .where(sql`status = 'active' and not invisible`),
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
    purpose: text('purpose').notNull(),
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

/** Mail the app sent (or, with no SMTP server configured, kept here to be read). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    kind: text('kind').notNull(),
    locale: text('locale').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('mail_outbox_to_idx').on(t.toAddress), index('mail_outbox_created_idx').on(t.createdAt)],
);

/**
 * Wrong passwords per e-mail address, kept whether or not an account has that address, so a
 * lockout says nothing about which addresses are registered.
 */
export const loginFailures = pgTable('login_failures', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The interests a member picked. */
export const profileInterests = pgTable(
  'profile_interests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => profiles.userId, { onDelete: 'cascade' }),
    interestId: integer('interest_id')
      .notNull()
      .references(() => interests.id),
  },
  (t) => [uniqueIndex('profile_interests_key').on(t.userId, t.interestId)],
);

/**
 * A member's photos. Files live in the storage adapter under `filename` (main) and `thumbFilename`;
 * URLs are the site's cdn_prefix followed by the name. `status` is active now; moderation can add
 * pending and rejected.
 */
export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    thumbFilename: text('thumb_filename').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    status: text('status').notNull().default('active'),
    isMain: boolean('is_main').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('photos_user_idx').on(t.userId, t.position, t.id),
    uniqueIndex('photos_one_main_key')
      .on(t.userId)
      .where(sql`is_main`),
  ],
);

/** Blocks: the blocker no longer sees the blocked member, and the blocked member cannot reach the blocker. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blocks_pair_key').on(t.blockerId, t.blockedId),
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
  ],
);

/** Complaints about a profile, a conversation or the service, from members or visitors. */
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reporterEmail: text('reporter_email').notNull(),
    reportedUserId: integer('reported_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    text: text('text').notNull(),
    conversationRef: text('conversation_ref'),
    locale: text('locale').notNull(),
    status: text('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('complaints_created_idx').on(t.createdAt),
    index('complaints_reported_idx').on(t.reportedUserId),
  ],
);

export * from './operators-schema';
