import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  MODERATION_ACTIONS,
  MODERATION_ITEM_KINDS,
  MODERATION_ITEM_STATES,
  MODERATION_VIOLATIONS,
} from '../../../shared/values/moderation';
import { users } from './auth';
import { complaints } from './complaints';
import { operators } from './operators';
import { photos } from './photos';
import { sites } from './reference';
import { photoVerifications, verificationRejection } from './verification';

export const moderationItemKind = pgEnum('moderation_item_kind', MODERATION_ITEM_KINDS);
export const moderationItemState = pgEnum('moderation_item_state', MODERATION_ITEM_STATES);
export const moderationAction = pgEnum('moderation_action', MODERATION_ACTIONS);
export const moderationViolation = pgEnum('moderation_violation', MODERATION_VIOLATIONS);

/**
 * The moderation queue: one row per complaint, per new photo, per verification selfie and per
 * re-check (a verified member's new main photo beside their selfie), worked oldest first. A moderator
 * who opens an item claims it (in review) until they decide.
 */
export const moderationItems = pgTable(
  'moderation_items',
  {
    id: serial('id').primaryKey(),
    kind: moderationItemKind('kind').notNull(),
    complaintId: integer('complaint_id').references(() => complaints.id, { onDelete: 'cascade' }),
    // A photo its member deletes before anyone looked at it leaves nothing to decide.
    photoId: integer('photo_id').references(() => photos.id, { onDelete: 'cascade' }),
    /** The verification request (verification and re-check items); a re-check's photo is `photoId`. */
    verificationId: integer('verification_id').references(() => photoVerifications.id, {
      onDelete: 'cascade',
    }),
    /** The member the item is about: the reported member or the photo's owner (null: the service). */
    memberId: integer('member_id').references(() => users.id, { onDelete: 'set null' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    state: moderationItemState('state').notNull().default('waiting'),
    claimedBy: integer('claimed_by').references(() => operators.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('moderation_items_queue_idx')
      .on(t.createdAt, t.id)
      .where(sql`state <> 'decided'`),
    index('moderation_items_member_idx').on(t.memberId, t.createdAt),
    uniqueIndex('moderation_items_complaint_key').on(t.complaintId),
    uniqueIndex('moderation_items_photo_key')
      .on(t.photoId)
      .where(sql`verification_id is null`),
    // One item per verification request, and one re-check per request and photo.
    uniqueIndex('moderation_items_verification_key')
      .on(t.verificationId)
      .where(sql`photo_id is null`),
    uniqueIndex('moderation_items_recheck_key')
      .on(t.verificationId, t.photoId)
      .where(sql`verification_id is not null and photo_id is not null`),
  ],
);

/** Every moderation decision: what, why, by whom, about whom; kept when the item goes. */
export const moderationDecisions = pgTable(
  'moderation_decisions',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id').references(() => moderationItems.id, { onDelete: 'set null' }),
    memberId: integer('member_id').references(() => users.id, { onDelete: 'set null' }),
    photoId: integer('photo_id').references(() => photos.id, { onDelete: 'set null' }),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    action: moderationAction('action').notNull(),
    /** What the member broke (every action against the member names it). */
    violation: moderationViolation('violation'),
    /** The moderator's reason; required for every action but dismiss and approve. */
    reason: text('reason'),
    /** Why a verification (or a re-check) was turned down. */
    verificationRejection: verificationRejection('verification_rejection'),
    /** The end of a suspension. */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moderation_decisions_member_idx').on(t.memberId, t.createdAt)],
);
