import { index, integer, pgEnum, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { COMPLAINT_REASONS } from '../../../shared/schemas/complaints';
import { users } from './auth';
import { sites } from './reference';

export const complaintReason = pgEnum('complaint_reason', COMPLAINT_REASONS);

/** open when filed; closed once customer service has dealt with it. */
export const complaintStatus = pgEnum('complaint_status', ['open', 'closed']);
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
    status: complaintStatus('status').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('complaints_created_idx').on(t.createdAt),
    index('complaints_reported_idx').on(t.reportedUserId),
  ],
);
