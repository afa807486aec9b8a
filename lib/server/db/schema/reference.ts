import {
  boolean,
  char,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { SIGNUP_MODES } from '../../../shared/schemas/settings';

/** How a site admits signups; other values cannot be stored (spec §4 "Signup"). */
export const signupMode = pgEnum('signup_mode', SIGNUP_MODES);

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
    signups: signupMode('signups').notNull().default('all'),
    loggedOutSearch: boolean('logged_out_search').notNull().default(true),
    loggedOutSearchTrafficsource: boolean('logged_out_search_trafficsource').notNull().default(true),
    memberResell: boolean('member_resell').notNull().default(false),
    /** New photos wait hidden until a moderator approves them (off: shown at once, looked at after). */
    photoPremoderation: boolean('photo_premoderation').notNull().default(false),
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
