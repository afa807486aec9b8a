import { z } from 'zod';
import { RowIdParamSchema, RowIdSchema } from './ids';
import { COMPLAINT_REASONS } from '../values/complaints';
import { COMPLAINT_STATUSES } from '../values/moderation';
import { PAYMENT_HOLD_REASONS, PAYMENT_STATES } from '../values/payments';

/** Why a member's credits changed (the ledger's reasons). */
export const CREDIT_REASONS = [
  'signup_bonus',
  'purchase',
  'refund',
  'chargeback',
  'message',
  'photo',
  'gift',
  'operator_correction',
] as const;
export type CreditReasonName = (typeof CREDIT_REASONS)[number];

/** The largest correction one operator request may book, either way. */
export const MAX_CREDIT_CORRECTION = 100_000;

/** `GET /api/operator/members.php?q=`: a member by e-mail address, name or id. */
export const MemberLookupQuerySchema = z.object({ q: z.string().trim().min(1).max(254) }).strict();

/** A member as the support search lists them. */
export const MemberHitSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  /** not_confirmed, confirmed or purged. */
  status: z.string(),
  /** When the member deleted the account (or support did for them); null while it is live. */
  deleted_at: z.string().nullable(),
  created: z.string(),
  credits: z.number().int(),
  paid_user: z.boolean(),
});
export type MemberHit = z.infer<typeof MemberHitSchema>;
export const MemberLookupSchema = z.object({ members: z.array(MemberHitSchema) });

/** One row of a member's credit ledger, as support sees it (with the correction's reason). */
export const LedgerRowSchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  reason: z.enum(CREDIT_REASONS),
  reference: z.string(),
  note: z.string().nullable(),
  created: z.string(),
});

/** A member's payment, as support sees it. */
export const SupportPaymentSchema = z.object({
  id: z.number().int(),
  state: z.enum(PAYMENT_STATES),
  /** The provider's word: open, pending, authorized, paid, failed, canceled, expired. */
  status: z.string(),
  provider: z.string(),
  provider_payment_id: z.string().nullable(),
  credits: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  method: z.string(),
  created: z.string(),
  paid_at: z.string().nullable(),
  /** Minor units refunded or charged back so far. */
  reversed_amount: z.number().int(),
  /** Credits a refund or chargeback could not take back because the member had spent them. */
  unrecovered_credits: z.number().int(),
  refund_requested_at: z.string().nullable(),
  /**
   * Why the provider's word was not booked and waits for customer service: `discount_spent` (paid
   * with a once-only code the member had already used; no credits booked) or `amount_mismatch`.
   */
  held_reason: z.enum(PAYMENT_HOLD_REASONS).nullable(),
  held_at: z.string().nullable(),
  /** Whether support may refund it now (paid, nothing refunded or charged back yet). */
  refundable: z.boolean(),
});
export type SupportPayment = z.infer<typeof SupportPaymentSchema>;

const BriefMemberSchema = z.object({ id: z.number().int(), name: z.string(), at: z.string() });

const SupportComplaintSchema = z.object({
  id: z.number().int(),
  reason: z.enum(COMPLAINT_REASONS),
  text: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  created: z.string(),
  /** The other side: who complained (for complaints about the member) or about whom. */
  other_id: z.number().int().nullable(),
  other_name: z.string().nullable(),
});

/** `GET /api/operator/member.php?id=`: everything support needs to help a member. */
export const MemberFileSchema = z.object({
  member: z.object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    status: z.string(),
    profile_status: z.string(),
    language: z.string(),
    country: z.string(),
    paid_user: z.boolean(),
    fictional: z.boolean(),
    created: z.string(),
    confirmed_at: z.string().nullable(),
    deleted_at: z.string().nullable(),
    /** The last day the member can still bring the account back (14 days after deletion). */
    reactivation_until: z.string().nullable(),
    email_stopped_reason: z.string().nullable(),
  }),
  credits: z.number().int(),
  ledger: z.array(LedgerRowSchema),
  payments: z.array(SupportPaymentSchema),
  sessions: z.array(
    z.object({ id: z.number().int(), created: z.string(), last_seen: z.string(), expires: z.string() }),
  ),
  blocks: z.object({
    /** Members this member blocked. */
    blocked: z.array(BriefMemberSchema),
    /** Members who blocked this member. */
    blocked_by: z.array(BriefMemberSchema),
  }),
  complaints: z.object({
    by: z.array(SupportComplaintSchema),
    about: z.array(SupportComplaintSchema),
  }),
});
export type MemberFile = z.infer<typeof MemberFileSchema>;
export const MemberFileQuerySchema = z.object({ id: RowIdParamSchema }).strict();

/** `POST /api/operator/credits.php`: a correction, booked as a new ledger row with its reason. */
export const CreditCorrectionSchema = z
  .object({
    member: RowIdSchema,
    delta: z
      .number()
      .int()
      .min(-MAX_CREDIT_CORRECTION)
      .max(MAX_CREDIT_CORRECTION)
      .refine((value) => value !== 0, 'The correction must add or take away at least one credit.'),
    reason: z.string().trim().min(3).max(500),
  })
  .strict();
export const CreditCorrectedSchema = z.object({
  entry: LedgerRowSchema,
  /** The member's credits after the correction. */
  credits: z.number().int(),
});

/** `POST /api/operator/refund.php`: refund a paid payment through its provider, once. */
export const RefundSchema = z.object({ payment: RowIdSchema }).strict();
export const RefundedSchema = z.object({ payment: SupportPaymentSchema, credits: z.number().int() });

/** Actions on a member that take only the member: resend the activation mail, end all sessions. */
export const MemberActionSchema = z.object({ member: RowIdSchema }).strict();
export const SessionsEndedSchema = z.object({ ended: z.number().int() });

/** `POST /api/operator/member-deletion.php`: delete an account on the member's request. */
export const MemberDeletionSchema = z
  .object({
    member: RowIdSchema,
    /** How the member asked (ticket, e-mail), kept with the deletion. */
    note: z.string().trim().min(3).max(500),
  })
  .strict();
export const MemberDeletedSchema = z.object({ deleted_at: z.string(), reactivation_until: z.string() });
