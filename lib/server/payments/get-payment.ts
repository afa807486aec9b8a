import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Payment } from '@/lib/shared/schemas/payments';
import { getDb } from '../db/client';
import { payments } from '../db/schema/payments';
import { AppError } from '../errors';
import { getPaymentProviderByName } from './get-payment-provider';
import { loadPaymentViews } from './payment-view';
import { syncPayment } from './sync-payment';

/** While a payment is pending, the status page asks the provider again after this long (webhooks can be late). */
export const PAYMENT_RECHECK_MS = 5_000;

/**
 * One of the member's payments (GET /api/payment.php); another member's, or none, is not_found.
 * A pending payment last checked a while ago is first re-fetched from its provider.
 */
export async function getPaymentOrThrow(options: {
  userId: number;
  paymentId: number;
  now?: Date;
}): Promise<Payment> {
  const db = await getDb();
  const now = options.now ?? new Date();
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, options.paymentId), eq(payments.userId, options.userId)));
  if (!row)
    throw new AppError('not_found', {
      log: `payment ${options.paymentId} is not member ${options.userId}'s`,
    });
  const isUnsettled = row.status === 'open' || row.status === 'pending' || row.status === 'authorized';
  if (isUnsettled && row.providerPaymentId && now.getTime() - row.updatedAt.getTime() > PAYMENT_RECHECK_MS) {
    try {
      const synced = await syncPayment({
        providerPaymentId: row.providerPaymentId,
        provider: getPaymentProviderByName(row.provider),
        now,
      });
      if (synced) return synced;
    } catch (error) {
      // The page shows what is known; the webhook or the next poll brings the rest.
      console.error(
        `[payments] re-checking payment #${row.id} failed:`,
        error instanceof Error ? error.message : error,
      );
    }
  }
  const [view] = await loadPaymentViews(db, { userId: options.userId, paymentId: options.paymentId });
  if (!view) throw new AppError('not_found');
  return view;
}

/** The member's payments, newest first (GET /api/transactions.php). */
export async function listPayments(options: { userId: number }): Promise<{ payments: Payment[] }> {
  return { payments: await loadPaymentViews(await getDb(), { userId: options.userId }) };
}
