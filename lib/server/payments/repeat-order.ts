import 'server-only';
import { and, desc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Payment } from '@/lib/shared/schemas/payments';
import { getDb } from '../db/client';
import { creditBundles, paymentMandates, payments } from '../db/schema/payments';
import { AppError } from '../errors';
import { getPaymentProvider } from './get-payment-provider';
import { getBundleOrThrow, openPayment, type BundleRow } from './open-payment';
import { getPaymentAccount } from './payment-accounts';

type MandateRow = typeof paymentMandates.$inferSelect;

interface RepeatOrderPlan {
  mandate: MandateRow & { method: 'creditcard' | 'directdebit' };
  bundle: BundleRow;
  country: string;
}

/** The newest valid stored mandate with the active provider, and the last paid bundle; not_found without. */
async function planRepeatOrder(userId: number, bundleId?: number): Promise<RepeatOrderPlan> {
  const db = await getDb();
  const provider = getPaymentProvider();
  const account = await getPaymentAccount(db, userId);
  const mandates = await db
    .select()
    .from(paymentMandates)
    .where(
      and(
        eq(paymentMandates.userId, userId),
        eq(paymentMandates.provider, provider.name),
        ne(paymentMandates.status, 'invalid'),
        isNull(paymentMandates.revokedAt),
      ),
    )
    .orderBy(desc(paymentMandates.id));
  // A mandate the provider had not confirmed yet (a card still being checked) is asked about again.
  for (const pending of mandates.filter((m) => m.status === 'pending')) {
    try {
      const current = await provider.getMandate(pending.providerCustomerId, pending.providerMandateId);
      if (current.status !== 'pending') {
        await db
          .update(paymentMandates)
          .set({ status: current.status, label: current.label || pending.label })
          .where(eq(paymentMandates.id, pending.id));
        pending.status = current.status;
      }
    } catch (error) {
      console.error(
        `[payments] mandate #${pending.id} not re-checked:`,
        error instanceof Error ? error.message : error,
      );
    }
  }
  const mandate = mandates.find(
    (m): m is RepeatOrderPlan['mandate'] =>
      m.status === 'valid' &&
      (m.method === 'creditcard' || m.method === 'directdebit') &&
      !(m.method === 'directdebit' && account?.directDebitBlockedAt),
  );
  const [last] = await db
    .select({ bundleId: payments.bundleId, country: payments.country, credits: payments.credits })
    .from(payments)
    // A booked purchase: one held for customer service is not one to repeat.
    .where(and(eq(payments.userId, userId), eq(payments.status, 'paid'), isNotNull(payments.paidAt)))
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(1);
  if (!mandate || !last) throw new AppError('not_found', { log: `member ${userId} has nothing to repeat` });

  if (bundleId !== undefined) {
    return {
      mandate,
      bundle: await getBundleOrThrow({ bundleId, country: last.country }),
      country: last.country,
    };
  }
  const [same] = await db.select().from(creditBundles).where(eq(creditBundles.id, last.bundleId));
  if (same?.active) return { mandate, bundle: same, country: last.country };
  // The bundle is no longer on sale: the one of the same size in that country, if there is one.
  const [alike] = await db
    .select()
    .from(creditBundles)
    .where(
      and(
        eq(creditBundles.country, last.country),
        eq(creditBundles.credits, last.credits),
        eq(creditBundles.active, true),
      ),
    )
    .limit(1);
  if (!alike) throw new AppError('not_found', { log: `bundle ${last.bundleId} no longer on sale` });
  return { mandate, bundle: alike, country: last.country };
}

/** What one step would buy again, with which stored mandate (GET /api/repeatorder.php). */
export async function getRepeatOrderOrThrow(options: { userId: number }) {
  const { mandate, bundle, country } = await planRepeatOrder(options.userId);
  return {
    bundle: {
      id: bundle.id,
      credits: bundle.credits,
      amount: bundle.amountMinor,
      currency: bundle.currency,
      best_value: bundle.bestValue,
    },
    country,
    method: mandate.method,
    mandate: mandate.label,
  };
}

/**
 * Buys the last bundle again (or `bundleId` of the same country) on the stored mandate
 * (POST /api/repeatorder.php): a recurring payment, pending until the provider settles it.
 */
export async function startRepeatOrder(options: {
  userId: number;
  bundleId?: number;
  origin: string;
  locale: string;
}): Promise<Payment> {
  const { mandate, bundle, country } = await planRepeatOrder(options.userId, options.bundleId);
  return openPayment({
    userId: options.userId,
    bundle,
    country,
    method: mandate.method,
    sequence: 'recurring',
    provider: getPaymentProvider(),
    origin: options.origin,
    locale: options.locale,
    customerId: mandate.providerCustomerId,
    mandate: { id: mandate.id, providerMandateId: mandate.providerMandateId },
  });
}
