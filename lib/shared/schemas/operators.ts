import { z } from 'zod';

import { AUDIT_OUTCOMES, OPERATOR_LOCALES, OPERATOR_ROLE_NAMES } from '../values/operators';

export { AUDIT_OUTCOMES, OPERATOR_LOCALES, OPERATOR_ROLE_NAMES };
export type { AuditOutcome, OperatorLocale, OperatorRoleName } from '../values/operators';

/** An operator of the console, as the operator API shows them. */
export const OperatorSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(OPERATOR_ROLE_NAMES),
  locale: z.enum(OPERATOR_LOCALES),
  /**
   * What the session still needs before the console opens: `enroll` (set up the authenticator app
   * first), `verify` (enter a code), or null when the second factor is done.
   */
  secondFactor: z.enum(['enroll', 'verify']).nullable(),
  /** Whether the operator has a passkey: the second step then offers it besides the code. */
  hasPasskey: z.boolean(),
});
export type Operator = z.infer<typeof OperatorSchema>;

export const OperatorLoginSchema = z
  .object({ email: z.email().max(320), password: z.string().min(1).max(128) })
  .strict();

/** A code of the authenticator app: six digits (spaces the app shows between groups are allowed). */
export const OperatorCodeSchema = z
  .object({
    code: z
      .string()
      .trim()
      .transform((v) => v.replace(/\s+/g, ''))
      .pipe(z.string().regex(/^\d{6}$/)),
  })
  .strict();

/** What an operator needs to add the console to an authenticator app. */
export const OperatorEnrollmentSchema = z.object({
  /** The otpauth:// address, for apps that take it as a link. */
  uri: z.string(),
  /** The secret in base32, for typing in. */
  secret: z.string(),
  /** The address as a QR code, an SVG document. */
  qrSvg: z.string(),
});

export const OperatorLocaleChangeSchema = z.object({ locale: z.enum(OPERATOR_LOCALES) }).strict();

/** One row of the audit log, as the console lists it. */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  operatorId: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  action: z.string(),
  route: z.string(),
  status: z.number().int(),
  subjectType: z.string().nullable(),
  subjectId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditQuerySchema = z.object({
  operatorId: z.coerce.number().int().positive().optional(),
  subjectType: z.string().max(40).optional(),
  subjectId: z.string().max(80).optional(),
  /** Part of the action or of the route (`refund`, `dashboard.php`), in any case. */
  action: z.string().trim().max(80).optional(),
  outcome: z.enum(AUDIT_OUTCOMES).optional(),
  /** The client's address, exactly. */
  address: z.string().trim().max(64).optional(),
  /** Entries from this moment on, and before that one (ISO 8601 with an offset). */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  before: z.coerce.number().int().positive().optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

/** Refused calls nobody logged in to, as counted per hour, address, route and answer. */
export const RefusedCallCountSchema = z.object({
  windowStart: z.string(),
  lastAt: z.string(),
  ip: z.string(),
  route: z.string(),
  status: z.number().int(),
  count: z.number().int(),
});
export type RefusedCallCount = z.infer<typeof RefusedCallCountSchema>;

/** The summary of the refused calls nobody logged in to that match the audit view's filters. */
export const RefusedCallsSchema = z.object({
  /** Calls in all. */
  calls: z.number().int(),
  /** Addresses they came from. */
  addresses: z.number().int(),
  /** The most recent counts. */
  rows: z.array(RefusedCallCountSchema),
});
export type RefusedCalls = z.infer<typeof RefusedCallsSchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  /**
   * On the first page, the refused calls nobody logged in to (counted, not listed); null on later
   * pages and when the filters leave them out (an operator, a subject, or succeeded calls only).
   */
  refusals: RefusedCallsSchema.nullable(),
  next: z.number().int().nullable(),
});
