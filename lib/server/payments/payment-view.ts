import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { paymentState, type Payment } from '@/lib/shared/schemas/payments';
import type { DbOrTx } from '../db/client';
import { discountCodes, payments } from '../db/schema/payments';

export type PaymentRow = typeof payments.$inferSelect;

/** A payment as its payer sees it (PaymentSchema). */
export function toPaymentView(row: PaymentRow, discountCode: string | null): Payment {
  const state = paymentState(row.status);
  return {
    id: row.id,
    state,
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
    // The provider's page while the payment waits for its payer (a sandbox charge's confirmation step too).
    checkout_url: state === 'pending' ? row.checkoutUrl : null,
    recurring: row.sequence === 'recurring',
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
