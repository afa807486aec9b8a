import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Where a like was given: from a card or profile, the swipe game, auto-like, or the signup matches. */
export const likeSource = pgEnum('like_source', ['member', 'swipe', 'auto', 'signup']);
export type LikeSource = (typeof likeSource.enumValues)[number];

/**
 * One member's like of another. Two likes in opposite directions are a match: both rows then carry
 * the moment the second like made it (`matched_at`), so matches list from one index. The liked member
 * has not seen the like yet while `is_new` holds (the API's `like_new`).
 */
export const likes = pgTable(
  'likes',
  {
    likerId: integer('liker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    likedId: integer('liked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: likeSource('source').notNull().default('member'),
    isNew: boolean('is_new').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.likerId, t.likedId] }),
    // Sent likes, newest first.
    index('likes_sent_idx').on(t.likerId, t.createdAt.desc(), t.likedId.desc()),
    // Received likes, new ones first, then newest.
    index('likes_received_idx').on(t.likedId, t.isNew.desc(), t.createdAt.desc(), t.likerId.desc()),
    // Likes not seen yet, by age: the notification mail sweep.
    index('likes_new_idx')
      .on(t.createdAt)
      .where(sql`is_new`),
    // Matches, newest first.
    index('likes_matches_idx')
      .on(t.likerId, t.matchedAt.desc(), t.likedId.desc())
      .where(sql`matched_at is not null`),
  ],
);

/**
 * A member passed another in the swipe game: the passed member stays out of the stack for a while
 * (SWIPE_PASS_DAYS). Newer passes replace older ones.
 */
export const swipePasses = pgTable(
  'swipe_passes',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passedId: integer('passed_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passedAt: timestamp('passed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.passedId] }), index('swipe_passes_passed_idx').on(t.passedId)],
);
