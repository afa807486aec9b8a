import 'server-only';
import { desc, eq } from 'drizzle-orm';
import type { CreditLedgerResponse } from '@/lib/shared/schemas/credits';
import { getDb } from '../db/client';
import { creditLedger } from '../db/schema/credits';
import { getCreditBalance } from './get-credit-balance';

/** How many changes the member's history shows. */
const LIMIT = 100;

/**
 * A member's credit history, newest first: purchases, spending, refunds and customer service's
 * corrections (their internal notes are not shown).
 */
export async function listCreditLedger(options: { userId: number }): Promise<CreditLedgerResponse> {
  const db = await getDb();
  const rows = await db
    .select({
      id: creditLedger.id,
      delta: creditLedger.delta,
      reason: creditLedger.reason,
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    .where(eq(creditLedger.userId, options.userId))
    .orderBy(desc(creditLedger.id))
    .limit(LIMIT);
  return {
    credits: await getCreditBalance({ userId: options.userId }),
    entries: rows.map((row) => ({
      id: row.id,
      delta: row.delta,
      reason: row.reason,
      created: row.createdAt.toISOString(),
    })),
  };
}
