import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  VERIFICATION_POSES,
  VERIFICATION_REJECTIONS,
  VERIFICATION_STATUSES,
} from '../../../shared/values/verification';
import { users } from './auth';
import { operators } from './operators';

export const verificationPose = pgEnum('verification_pose', VERIFICATION_POSES);
export const verificationStatus = pgEnum('verification_status', VERIFICATION_STATUSES);
export const verificationRejection = pgEnum('verification_rejection', VERIFICATION_REJECTIONS);

/**
 * A member's requests to be photo verified: the pose they were given, the selfie copying it (a
 * private storage name, served only to moderators, deleted SELFIE_KEEP_DAYS after the decision),
 * and the moderator's decision. A member has at most one open request (posing or waiting).
 */
export const photoVerifications = pgTable(
  'photo_verifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pose: verificationPose('pose').notNull(),
    status: verificationStatus('status').notNull().default('posing'),
    /** The selfie under `private/verification/…`; null before it is sent and after it is deleted. */
    selfieKey: text('selfie_key'),
    /** Why it was turned down (rejected). */
    rejection: verificationRejection('rejection'),
    decidedBy: integer('decided_by').references(() => operators.id),
    /** When the pose was given. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    selfieDeletedAt: timestamp('selfie_deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('photo_verifications_user_idx').on(t.userId, t.id),
    // One open request per member: a second start answers the open one.
    uniqueIndex('photo_verifications_open_key')
      .on(t.userId)
      .where(sql`status in ('posing', 'waiting')`),
    // The daily sweep finds the selfies whose time is up without reading the others.
    index('photo_verifications_selfie_due_idx')
      .on(t.decidedAt)
      .where(sql`selfie_key is not null`),
  ],
);
