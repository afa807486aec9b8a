import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
