// Plain values of the API contract (no zod): what the browser needs of complaints. The schemas in
// lib/shared/schemas/complaints.ts build on them and re-export them, so server code may import either.
import { checkEmail } from '../account-rules';

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
