import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb, type DbOrTx } from '../db/client';
import { creditBalances } from '../db/schema/credits';

/** A member's credits: the sum of their ledger entries (0 before the first one). */
export async function getCreditBalance(options: { userId: number; tx?: DbOrTx }): Promise<number> {
  const db = options.tx ?? (await getDb());
  const [row] = await db
    .select({ balance: creditBalances.balance })
    .from(creditBalances)
    .where(eq(creditBalances.userId, options.userId));
  return row?.balance ?? 0;
}
