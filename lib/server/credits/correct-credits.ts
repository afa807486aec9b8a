import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { AppError } from '../errors';
import { getCreditBalance } from './get-credit-balance';
import { postCreditEntry, type CreditEntry } from './post-credit-entry';

/**
 * Customer service corrects a member's credits: a new ledger row (reason `operator_correction`) with
 * the operator's explanation, never a change to an earlier row. A correction may not take the member
 * below zero credits (`correction_below_zero` says how many they have).
 */
export async function correctCredits(options: {
  userId: number;
  /** Credits added (positive) or taken away (negative). */
  delta: number;
  /** Why, in the operator's words: kept with the row for customer service. */
  reason: string;
  now?: Date;
}): Promise<{ entry: CreditEntry; before: number; balance: number }> {
  const db = await getDb();
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.id, options.userId));
  if (!member) throw new AppError('not_found', { log: `credit correction: no member ${options.userId}` });
  return db.transaction(async (tx) => {
    try {
      const posted = await postCreditEntry({
        tx,
        userId: options.userId,
        delta: options.delta,
        reason: 'operator_correction',
        reference: `correction:${randomUUID()}`,
        note: options.reason.trim(),
        now: options.now,
      });
      return { entry: posted.entry, before: posted.balance - options.delta, balance: posted.balance };
    } catch (error) {
      if (error instanceof AppError && error.code === 'insufficient_credits') {
        const before = await getCreditBalance({ userId: options.userId, tx });
        throw new AppError('field_invalid', {
          field: 'delta',
          messageKey: 'correction_below_zero',
          values: { credits: before },
          log: `correction of ${options.delta} for member ${options.userId} with ${before} credits`,
        });
      }
      throw error;
    }
  });
}
