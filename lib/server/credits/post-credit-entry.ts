import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { inTransaction, type Tx } from '../db/client';
import { creditBalances, creditLedger, creditReason, type CreditReason } from '../db/schema/credits';
import { AppError } from '../errors';
import { recordMemberEvent } from '../events/member-events';

export type CreditEntry = typeof creditLedger.$inferSelect;

const PostCreditEntrySchema = z.object({
  userId: z.number().int().positive().max(2_147_483_647),
  // Zero changes nothing and is refused by the database too; int32 is what the column holds.
  delta: z
    .number()
    .int()
    .min(-2_147_483_648)
    .max(2_147_483_647)
    .refine((value) => value !== 0, 'delta must not be zero'),
  reason: z.enum(creditReason.enumValues),
  reference: z.string().min(1).max(200),
  note: z.string().min(1).max(500).optional(),
});

export interface PostCreditEntryOptions {
  userId: number;
  /** Credits added (positive) or spent (negative). */
  delta: number;
  reason: CreditReason;
  /** Names the event booked (a payment id, `signup:<userId>`, …); an event is booked once. */
  reference: string;
  /** Why an operator booked it (corrections), kept for customer service. */
  note?: string;
  /** The caller's transaction, so the entry commits or rolls back with the caller's other changes. */
  tx?: Tx;
  now?: Date;
}

export interface PostedCreditEntry {
  entry: CreditEntry;
  /** The member's balance after the entry. */
  balance: number;
  /** False when the reference was booked before: nothing changed and `entry` is the first booking. */
  created: boolean;
}

/**
 * Books one change of a member's credits in the append-only ledger and moves the balance with it,
 * under a lock on the member's balance row so parallel entries cannot overspend. A spend beyond
 * the balance is refused with `insufficient_credits` and changes nothing; the same reference
 * twice books once.
 */
export async function postCreditEntry(options: PostCreditEntryOptions): Promise<PostedCreditEntry> {
  const input = PostCreditEntrySchema.parse(options);
  const now = options.now ?? new Date();
  return inTransaction(options.tx, async (tx) => {
    await tx.insert(creditBalances).values({ userId: input.userId, balance: 0 }).onConflictDoNothing();
    const [locked] = await tx
      .select({ balance: creditBalances.balance })
      .from(creditBalances)
      .where(eq(creditBalances.userId, input.userId))
      .for('update');
    if (!locked) throw new Error(`No credit balance row for user ${input.userId}`);

    const earlier = await findEntry(tx, input.reference, input.userId);
    if (earlier) return { entry: earlier, balance: locked.balance, created: false };

    if (locked.balance + input.delta < 0) {
      throw new AppError('insufficient_credits', {
        log: `user ${input.userId} has ${locked.balance} credits, ${input.reference} needs ${-input.delta}`,
      });
    }
    const [entry] = await tx
      .insert(creditLedger)
      .values({ ...input, createdAt: now })
      .onConflictDoNothing({ target: creditLedger.reference })
      .returning();
    if (!entry) {
      // Booked meanwhile by a transaction for another member's row lock: this reference is taken.
      const booked = await findEntry(tx, input.reference, input.userId);
      if (!booked) throw new Error(`Credit reference ${input.reference} vanished`);
      return { entry: booked, balance: locked.balance, created: false };
    }
    const [updated] = await tx
      .update(creditBalances)
      .set({ balance: sql`${creditBalances.balance} + ${input.delta}`, updatedAt: now })
      .where(eq(creditBalances.userId, input.userId))
      .returning({ balance: creditBalances.balance });
    if (!updated) throw new Error(`Credit balance of user ${input.userId} not updated`);
    // The member's open tabs show the new balance once this commits.
    await recordMemberEvent(tx, input.userId, { type: 'credits-changed', credits: updated.balance });
    return { entry, balance: updated.balance, created: true };
  });
}

async function findEntry(tx: Tx, reference: string, userId: number): Promise<CreditEntry | null> {
  const [entry] = await tx.select().from(creditLedger).where(eq(creditLedger.reference, reference));
  if (!entry) return null;
  // One reference names one event of one member; reusing it for another member is a bug upstream.
  if (entry.userId !== userId) {
    throw new Error(`Credit reference ${reference} already belongs to user ${entry.userId}`);
  }
  return entry;
}
