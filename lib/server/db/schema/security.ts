import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Fixed-window counters for rate limits, shared by every app instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(1),
  },
  (t) => [
    uniqueIndex('rate_limits_key_window').on(t.key, t.windowStart),
    index('rate_limits_window_idx').on(t.windowStart),
  ],
);

/**
 * Wrong passwords per e-mail address, kept whether or not an account has that address, so a
 * lockout says nothing about which addresses are registered.
 */
export const loginFailures = pgTable('login_failures', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
