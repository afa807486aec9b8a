import { z } from 'zod';

import { OPERATOR_LOCALES, OPERATOR_ROLE_NAMES } from '../values/operators';

export { OPERATOR_LOCALES, OPERATOR_ROLE_NAMES };
export type { OperatorLocale, OperatorRoleName } from '../values/operators';

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
  before: z.coerce.number().int().positive().optional(),
});

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  next: z.number().int().nullable(),
});
