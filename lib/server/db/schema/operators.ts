import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    /** The console's language for this operator (en, nl or de). */
    locale: text('locale').notNull().default('en'),
    /** The authenticator app's secret, encrypted (see operators/second-factor.ts); null before enrolment. */
    totpSecret: text('totp_secret'),
    /** When the operator confirmed the authenticator app with a first code. */
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The time step of the last accepted code: a code is accepted once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
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
    /** When the second factor was given: until then the session opens only the second-factor step. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Which second factor opened the session: `totp` (the authenticator app) or `passkey`. */
    secondFactorMethod: text('second_factor_method').$type<'totp' | 'passkey'>(),
  },
  (t) => [
    uniqueIndex('operator_sessions_token_key').on(t.tokenHash),
    index('operator_sessions_operator_idx').on(t.operatorId),
  ],
);

/**
 * What operators did, append only: the database refuses updates and deletes of this table (a trigger,
 * see migration 0018). One row per operator request, with what changed when the request changed
 * something.
 */
export const operatorAuditLog = pgTable(
  'operator_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for a request no operator session stood behind (a failed login). */
    operatorId: integer('operator_id').references(() => operators.id),
    /** What was done, as `complaint.decide`, or the route for reads. */
    action: text('action').notNull(),
    /** The route, as `POST /api/operator/complaints.php`. */
    route: text('route').notNull(),
    /** The answer's HTTP status. */
    status: smallint('status').notNull(),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [
    index('operator_audit_log_operator_idx').on(t.operatorId, t.id.desc()),
    index('operator_audit_log_subject_idx').on(t.subjectType, t.subjectId, t.id.desc()),
    // The audit view's filters by address and by time.
    index('operator_audit_log_ip_idx').on(t.ip, t.id.desc()),
    index('operator_audit_log_at_idx').on(t.at),
  ],
);

/**
 * Refused operator-API calls that no operator session stood behind (anyone may knock): counted per
 * hour, client address, route and answer, instead of an audit row each, so a flood of them neither
 * grows the audit log nor buries what operators did. Kept 90 days (see delete-old-refused-calls.ts).
 */
export const operatorRefusalCounts = pgTable(
  'operator_refusal_counts',
  {
    /** The start of the hour the calls fell in. */
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    ip: text('ip').notNull(),
    /** The route, as `GET /api/operator/dashboard.php`. */
    route: text('route').notNull(),
    /** The answer's HTTP status. */
    status: smallint('status').notNull(),
    count: integer('count').notNull().default(1),
    /** The last of the calls. */
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.windowStart, t.ip, t.route, t.status] }),
    index('operator_refusal_counts_last_idx').on(t.lastAt.desc()),
    index('operator_refusal_counts_ip_idx').on(t.ip, t.windowStart),
  ],
);
