import { z } from 'zod';
import { MemberIdSchema } from './ids';
import { COMPLAINT_REASONS, COMPLAINT_TEXT_LENGTH, CONVERSATION_REF_MAX } from '../values/complaints';

export * from '../values/complaints';

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
