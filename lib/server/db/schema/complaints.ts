import { index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { COMPLAINT_REASONS } from '../../../shared/schemas/complaints';
import { COMPLAINT_STATUSES } from '../../../shared/values/moderation';
import { users } from './auth';
import { sites } from './reference';

export const complaintReason = pgEnum('complaint_reason', COMPLAINT_REASONS);

/**
 * received when filed; in_review once a moderator opened it; action_taken or no_action once they
 * decided. The reporter sees it in their settings.
 */
export const complaintStatus = pgEnum('complaint_status', COMPLAINT_STATUSES);
export type ComplaintStatus = (typeof complaintStatus.enumValues)[number];

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
    reason: complaintReason('reason').notNull(),
    text: text('text').notNull(),
    conversationRef: text('conversation_ref'),
    locale: text('locale').notNull(),
    status: complaintStatus('status').notNull().default('received'),
    /** When the status last changed. */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('complaints_created_idx').on(t.createdAt),
    index('complaints_reported_idx').on(t.reportedUserId),
    index('complaints_reporter_idx').on(t.reporterId, t.createdAt),
  ],
);
