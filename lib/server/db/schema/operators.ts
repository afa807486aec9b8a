import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { OPERATOR_ROLE_NAMES } from '../../../shared/schemas/operators';

export type OperatorRole = (typeof OPERATOR_ROLE_NAMES)[number];
export const operatorRole = pgEnum('operator_role', OPERATOR_ROLE_NAMES);

/** People of the company who run the site through the operator console; not members. */
export const operators = pgTable(
  'operators',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: operatorRole('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the operator may no longer log in; their sessions end with it. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('operators_email_key').on(sql`lower(${t.email})`)],
);

/** Operator logins: opaque tokens stored as hashes, shorter-lived than member sessions. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('operator_sessions_token_key').on(t.tokenHash),
    index('operator_sessions_operator_idx').on(t.operatorId),
  ],
);
