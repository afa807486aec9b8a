import 'server-only';
import { paymentState } from '@/lib/shared/schemas/payments';
import type { SupportPayment } from '@/lib/shared/schemas/operator-support';
import type { PaymentRow } from './payment-view';

/**
 * Whether customer service may refund a payment: paid (booked, or held with the money taken), and
 * nothing refunded or charged back yet.
 */
export function isRefundable(row: PaymentRow): boolean {
  const isTaken = row.paidAt !== null || row.heldReason === 'discount_spent';
  return row.status === 'paid' && isTaken && row.reversedMinor === 0 && row.refundRequestedAt === null;
}

/** A payment as customer service sees it (SupportPaymentSchema). */
export function toSupportPayment(row: PaymentRow): SupportPayment {
  return {
    id: row.id,
    state: paymentState(row.status),
    status: row.status,
    provider: row.provider,
    provider_payment_id: row.providerPaymentId,
    credits: row.credits,
    amount: row.amountMinor,
    currency: row.currency,
    method: row.method,
    created: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    reversed_amount: row.reversedMinor,
    unrecovered_credits: row.unrecoveredCredits,
    refund_requested_at: row.refundRequestedAt?.toISOString() ?? null,
    held_reason: row.heldReason,
    held_at: row.heldAt?.toISOString() ?? null,
    refundable: isRefundable(row),
  };
}
