import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { SupportPayment } from '@/lib/shared/schemas/operator-support';
import { getDb } from '../db/client';
import { payments } from '../db/schema/payments';
import { AppError } from '../errors';
import { getCreditBalance } from '../credits/get-credit-balance';
import { getPaymentProviderByName } from './get-payment-provider';
import type { PaymentProvider } from './payment-provider';
import { isRefundable, toSupportPayment } from './support-payment-view';
import { syncPayment } from './sync-payment';

/**
 * Customer service refunds a paid payment in full through the provider that took it, once (also one
 * held because its once-only discount code was already spent: nothing was booked, none taken back).
 *
 * The payment is claimed first (`refund_requested_at` set where it was empty), so two requests at
 * once cannot both reach the provider; if the provider refuses, the claim is withdrawn and nothing
 * changed. The refund is then booked as every reversal is (see `syncPayment`): a reversal row and a
 * negative ledger row (reason `refund`) taking back the bundle's credits. A balance never goes below
 * zero: credits the member already spent are not taken back but recorded on the payment as
 * `unrecovered_credits`, for customer service to see.
 */
export async function refundPayment(options: {
  paymentId: number;
  /** The adapter to use instead of the payment's own provider (tests). */
  provider?: PaymentProvider;
  now?: Date;
}): Promise<{ userId: number; before: SupportPayment; payment: SupportPayment; credits: number }> {
  const now = options.now ?? new Date();
  const db = await getDb();
  const [row] = await db.select().from(payments).where(eq(payments.id, options.paymentId));
  if (!row) throw new AppError('not_found', { log: `refund: no payment ${options.paymentId}` });
  const before = toSupportPayment(row);
  const isTaken = row.paidAt !== null || row.heldReason === 'discount_spent';
  if (row.status !== 'paid' || !isTaken || row.providerPaymentId === null) {
    throw new AppError('payment_unavailable', {
      messageKey: 'refund_not_paid',
      log: `refund: payment ${row.id} is ${row.status}`,
    });
  }
  if (!isRefundable(row)) {
    throw new AppError('payment_unavailable', {
      messageKey: 'refund_done',
      log: `refund: payment ${row.id} was refunded or charged back already`,
    });
  }
  const [claimed] = await db
    .update(payments)
    .set({ refundRequestedAt: now })
    .where(and(eq(payments.id, row.id), isNull(payments.refundRequestedAt), eq(payments.reversedMinor, 0)))
    .returning({ id: payments.id });
  if (!claimed) {
    throw new AppError('payment_unavailable', {
      messageKey: 'refund_done',
      log: `refund: payment ${row.id} claimed by another request`,
    });
  }

  const provider = options.provider ?? getPaymentProviderByName(row.provider);
  try {
    await provider.refund({
      paymentId: row.providerPaymentId,
      amountMinor: row.amountMinor - row.reversedMinor,
      currency: row.currency,
      description: `Refund of payment ${row.id}`,
    });
  } catch (error) {
    await db.update(payments).set({ refundRequestedAt: null }).where(eq(payments.id, row.id));
    console.error(`[payments] refund of payment #${row.id} refused by ${row.provider}:`, error);
    throw new AppError('payment_unavailable', {
      messageKey: 'refund_failed',
      log: `refund: ${row.provider} refused payment ${row.id}`,
    });
  }
  // Booked now rather than when the provider's webhook arrives (that call then finds it booked).
  await syncPayment({ providerPaymentId: row.providerPaymentId, provider, now });
  const [after] = await db.select().from(payments).where(eq(payments.id, row.id));
  if (!after) throw new Error(`payment ${row.id} vanished`);
  return {
    userId: row.userId,
    before,
    payment: toSupportPayment(after),
    credits: await getCreditBalance({ userId: row.userId }),
  };
}
