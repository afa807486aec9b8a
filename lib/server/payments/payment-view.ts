import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { paymentState, type Payment, type PaymentState } from '@/lib/shared/schemas/payments';
import type { DbOrTx } from '../db/client';
import { discountCodes, payments } from '../db/schema/payments';

export type PaymentRow = typeof payments.$inferSelect;

/**
 * The state the payer sees: the provider's, except for a payment held for customer service, which
 * stays pending (its credits are not booked) until it is refunded in full.
 */
export function payerState(
  row: Pick<PaymentRow, 'status' | 'heldReason' | 'reversedMinor' | 'amountMinor'>,
): PaymentState {
  if (row.heldReason === null) return paymentState(row.status);
  return row.reversedMinor > 0 && row.reversedMinor >= row.amountMinor ? 'cancelled' : 'pending';
}

/** A payment as its payer sees it (PaymentSchema). */
export function toPaymentView(row: PaymentRow, discountCode: string | null): Payment {
  const state = payerState(row);
  const isPayable = state === 'pending' && row.heldReason === null;
  return {
    id: row.id,
    state,
    bundle: row.bundleId,
    country: row.country,
    credits: row.credits,
    amount: row.amountMinor,
    list_amount: row.listAmountMinor,
    currency: row.currency,
    method: row.method,
    discount_code: discountCode,
    discount_percentage: row.discountPercentage,
    reversed_amount: row.reversedMinor,
    created: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    // The provider's page while the payment waits for its payer (a sandbox charge's confirmation
    // step too); a payment held for customer service has none.
    checkout_url: isPayable ? row.checkoutUrl : null,
    recurring: row.sequence === 'recurring',
    held: row.heldReason !== null && state === 'pending',
  };
}

/** A member's payments as they see them, newest first (or the one with `paymentId`). */
export async function loadPaymentViews(
  db: DbOrTx,
  options: { userId: number; paymentId?: number; limit?: number },
): Promise<Payment[]> {
  const rows = await db
    .select({ payment: payments, code: discountCodes.code })
    .from(payments)
    .leftJoin(discountCodes, eq(discountCodes.id, payments.discountCodeId))
    .where(
      options.paymentId === undefined
        ? eq(payments.userId, options.userId)
        : and(eq(payments.userId, options.userId), eq(payments.id, options.paymentId)),
    )
    .orderBy(desc(payments.id))
    .limit(options.limit ?? 200);
  return rows.map((r) => toPaymentView(r.payment, r.code));
}
