import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Photos are active when saved; moderation can hold them as pending or reject them. */
export const photoStatus = pgEnum('photo_status', ['active', 'pending', 'rejected']);
export type PhotoStatus = (typeof photoStatus.enumValues)[number];

/**
 * A member's photos. Files live in the storage adapter under `filename` (main) and `thumbFilename`;
 * URLs are the site's cdn_prefix followed by the name.
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
    status: photoStatus('status').notNull().default('active'),
    isMain: boolean('is_main').notNull().default(false),
    position: integer('position').notNull().default(0),
    /** When a moderator checked the photo against the member's verification selfie (null: never). */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('photos_user_idx').on(t.userId, t.position, t.id),
    uniqueIndex('photos_one_main_key')
      .on(t.userId)
      .where(sql`is_main`),
  ],
);
