import { sql } from 'drizzle-orm';
import {
  check,
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

/** Why a member's credits changed. */
export const creditReason = pgEnum('credit_reason', [
  'signup_bonus',
  'purchase',
  'refund',
  'chargeback',
  'message',
  'photo',
  'gift',
  'operator_correction',
]);
export type CreditReason = (typeof creditReason.enumValues)[number];

/**
 * Every change of a member's credits, append-only: a trigger refuses UPDATE, DELETE and TRUNCATE
 * (see the migration that creates it). `reference` names the event that caused the entry (a
 * payment id, a message id, `signup:<userId>`) so an event is booked at most once.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial('id').primaryKey(),
    // No cascade: money records outlive the account's personal data (accounts are anonymised, not deleted).
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    delta: integer('delta').notNull(),
    reason: creditReason('reason').notNull(),
    reference: text('reference').notNull(),
    /** Why customer service booked it (corrections only); for the operators, not shown to the member. */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_ledger_reference_key').on(t.reference),
    index('credit_ledger_user_idx').on(t.userId, t.id),
    check('credit_ledger_delta_nonzero', sql`${t.delta} <> 0`),
  ],
);

/**
 * A member's current credits: the sum of their ledger rows, kept in step in the same transaction
 * as each entry, under a row lock. No row means no credits.
 */
export const creditBalances = pgTable(
  'credit_balances',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    balance: integer('balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('credit_balances_balance_nonnegative', sql`${t.balance} >= 0`)],
);
