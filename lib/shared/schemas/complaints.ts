import { z } from 'zod';
import { checkEmail } from '../account-rules';
import { MemberIdSchema } from './ids';

/** What a complaint can be about. */
export const COMPLAINT_REASONS = [
  'fake_profile',
  'harassment',
  'scam_or_spam',
  'inappropriate_photos',
  'underage',
  'billing',
  'other',
] as const;
export type ComplaintReason = (typeof COMPLAINT_REASONS)[number];

/** Length of the description, in characters after trimming. */
export const COMPLAINT_TEXT_LENGTH = { min: 10, max: 2000 } as const;
/** Longest conversation reference accepted. */
export const CONVERSATION_REF_MAX = 100;

/** `POST /api/complaint.php`: a complaint about a member, a conversation or the service. */
export const ComplaintSchema = z.object({
  reason: z.enum(COMPLAINT_REASONS),
  // Length is a field rule (translated, shown under the field); this bound only stops abuse.
  text: z.string().max(COMPLAINT_TEXT_LENGTH.max * 2),
  conversation_ref: z.string().trim().max(CONVERSATION_REF_MAX).optional(),
  /** The id of the member the complaint is about. */
  member: MemberIdSchema.optional(),
  /** The reporter's address; required from visitors, members' own address is used instead. */
  email: z.string().trim().max(254).optional(),
});
export type ComplaintInput = z.infer<typeof ComplaintSchema>;

/** `201` answer: the stored complaint and the reference the reporter can quote. */
export const ComplaintCreatedSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  /** Whether a receipt went to the reporter's confirmed address (members only). */
  is_receipt_mailed: z.boolean(),
});
export type ComplaintCreated = z.infer<typeof ComplaintCreatedSchema>;

/** The reference of a complaint as the reporter sees it: `C-000042`. */
export function complaintReference(id: number): string {
  return `C-${String(id).padStart(6, '0')}`;
}

/** Field problems of a complaint, as message keys under `Errors`. */
export type ComplaintFieldError = 'complaint_text_length' | 'complaint_email_required' | 'invalid_email';

/**
 * The rules both the form and the server apply: a description of 10 to 2000 characters and, from a
 * visitor, a valid e-mail address to answer to.
 */
export function checkComplaint(input: {
  text: string;
  email?: string;
  isMember: boolean;
}): Partial<Record<'text' | 'email', ComplaintFieldError>> {
  const problems: Partial<Record<'text' | 'email', ComplaintFieldError>> = {};
  const length = input.text.trim().length;
  if (length < COMPLAINT_TEXT_LENGTH.min || length > COMPLAINT_TEXT_LENGTH.max) {
    problems.text = 'complaint_text_length';
  }
  if (!input.isMember) {
    const email = input.email?.trim() ?? '';
    if (!email) problems.email = 'complaint_email_required';
    else if (checkEmail(email)) problems.email = 'invalid_email';
  }
  return problems;
}
