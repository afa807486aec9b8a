import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Secrets the app generates once and keeps (web-push VAPID keys). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
