import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { interests, regions } from './reference';

/**
 * disabled until the e-mail address is confirmed; deleted while the account waits to be purged;
 * suspended (until suspended_until) or banned by a moderator. Only active profiles are shown.
 */
export const profileStatus = pgEnum('profile_status', [
  'disabled',
  'active',
  'deleted',
  'suspended',
  'banned',
]);
export type ProfileStatus = (typeof profileStatus.enumValues)[number];

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
    status: profileStatus('status').notNull().default('disabled'),
    signupMessage: text('signup_message'),
    sexuality: text('sexuality'),
    regionId: integer('region_id').references(() => regions.id),
    city: text('city'),
    /** Where the member's town lies (from the gazetteer), for distances; null when unknown. */
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    hairColor: text('hair_color'),
    eyeColor: text('eye_color'),
    bodyType: text('body_type'),
    relationshipStatus: text('relationship_status'),
    tattoos: text('tattoos'),
    /** Invisible mode: hidden from search and from other members' lists while browsing. */
    invisible: boolean('invisible').notNull().default(false),
    /** A fictional profile: shown with the fictional icon and the site's fictional wording. */
    fictional: boolean('fictional').notNull().default(false),
    /**
     * Photo verified: a moderator compared a selfie copying a given pose with the member's photos, and
     * the main photo is one of those checked. Kept by `settleVerifiedBadge`; never on a fictional profile.
     */
    verified: boolean('verified').notNull().default(false),
    /** The end of a moderator's suspension (status suspended until then). */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    /** Last time the member used the app (updated at most every few minutes); search orders by it. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Moves on with every change to what the member's page shows (the profile but its last activity,
     * the photos, the interests), kept by triggers: a page rendered once is served while it holds.
     */
    pageVersion: integer('page_version').notNull().default(0),
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
    // Verified members only (search and the swipe game): small indexes of just the verified ones.
    index('profiles_search_verified_country_idx')
      .on(t.country, t.lastActiveAt.desc(), t.userId.desc(), t.gender, t.dateOfBirth, t.regionId)
      .where(sql`status = 'active' and not invisible and verified`),
    index('profiles_search_verified_idx')
      .on(t.lastActiveAt.desc(), t.userId.desc(), t.gender, t.dateOfBirth, t.country, t.regionId)
      .where(sql`status = 'active' and not invisible and verified`),
    check('profiles_fictional_never_verified', sql`not (${t.fictional} and ${t.verified})`),
    // The chat desk starts from the few fictional profiles and walks to their waiting conversations.
    index('profiles_fictional_idx')
      .on(t.userId)
      .where(sql`fictional`),
  ],
);

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

/**
 * Moves on for a country whenever a profile there may enter or leave a search: a new or removed
 * profile, or a change to its status, visibility or anything searched by. Kept by a trigger; a search
 * page rendered once holds while its country's generation (for every country, their sum) does.
 */
export const searchGenerations = pgTable('search_generations', {
  country: char('country', { length: 2 }).primaryKey(),
  generation: bigint('generation', { mode: 'number' }).notNull().default(0),
});
