import { z } from 'zod';
import { CREDIT_REASONS } from './operator-support';

/** One change of the member's credits, as they see it on `/transactions`. */
export const CreditLedgerEntrySchema = z.object({
  id: z.number().int(),
  /** Credits added (positive) or spent or taken back (negative). */
  delta: z.number().int(),
  reason: z.enum(CREDIT_REASONS),
  created: z.string(),
});
export type CreditLedgerEntry = z.infer<typeof CreditLedgerEntrySchema>;

/** `GET /api/ledger.php`: the member's credit history, newest first, with the credits now. */
export const CreditLedgerResponseSchema = z.object({
  credits: z.number().int(),
  entries: z.array(CreditLedgerEntrySchema),
});
export type CreditLedgerResponse = z.infer<typeof CreditLedgerResponseSchema>;
