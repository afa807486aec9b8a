import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Payment, PaymentMethod } from '@/lib/shared/schemas/payments';
import { getDb, type DbOrTx, type Tx } from '../db/client';
import { creditBundles, payments, type PaymentSequence } from '../db/schema/payments';
import { givesDiscountBack, releaseDiscount, reserveDiscount } from '../discounts/reserve-discount';
import { AppError } from '../errors';
import type { PaymentProvider, ProviderPayment } from './payment-provider';
import { loadPaymentViews, toPaymentView, type PaymentRow } from './payment-view';

export type BundleRow = typeof creditBundles.$inferSelect;

/** The bundle on sale with this id in this payment country; not_found for any other. */
export async function getBundleOrThrow(options: { bundleId: number; country?: string }): Promise<BundleRow> {
  const db = await getDb();
  const [bundle] = await db.select().from(creditBundles).where(eq(creditBundles.id, options.bundleId));
  if (!bundle || !bundle.active || (options.country && bundle.country !== options.country)) {
    throw new AppError('not_found', {
      log: `no bundle ${options.bundleId} on sale in ${options.country ?? '-'}`,
    });
  }
  return bundle;
}

/** Where the payer comes back to, and where the provider reports changes, on the site's origin. */
export function paymentUrls(origin: string, providerName: string, paymentId: number) {
  const base = origin.replace(/\/$/, '');
  return {
    redirectUrl: `${base}/transactions/${paymentId}`,
    webhookUrl: `${base}/api/webhooks/${providerName}.php`,
  };
}

export interface OpenPaymentOptions {
  userId: number;
  bundle: BundleRow;
  country: string;
  method: PaymentMethod;
  sequence: PaymentSequence;
  provider: PaymentProvider;
  origin: string;
  locale: string;
  discount?: { codeId: number; percentage: number; amountMinor: number };
  customerId?: string;
  /**
   * The stored mandate a recurring payment charges (the app's row and the provider's id), or how to
   * make it once the payment row is committed (a new direct-debit mandate); linked to the row.
   */
  mandate?: StoredMandate | ((row: PaymentRow) => Promise<StoredMandate>);
  /** More changes committed with the new payment row (remember the country, claim a request). */
  withRow?: (tx: Tx, row: PaymentRow) => Promise<void>;
}

export interface StoredMandate {
  id: number;
  providerMandateId: string;
  /** The provider's customer the mandate hangs on, when it is not `customerId` of the options. */
  customerId?: string;
}

/**
 * Books a payment row (amount from the bundle and the discount, never from the browser), then asks
 * the provider to create it and stores the provider's id and checkout URL. A once-only discount code
 * is reserved for the payment in the transaction that creates the row (`discount_reserved` while
 * another open payment of the member holds it). If the provider refuses or cannot be reached, the
 * row is marked failed, the code given back, and the payer gets `payment_unavailable`.
 */
export async function openPayment(options: OpenPaymentOptions): Promise<Payment> {
  const { bundle, provider } = options;
  const db = await getDb();
  const givenMandate = typeof options.mandate === 'function' ? undefined : options.mandate;
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(payments)
      .values({
        userId: options.userId,
        bundleId: bundle.id,
        country: options.country,
        currency: bundle.currency,
        credits: bundle.credits,
        listAmountMinor: bundle.amountMinor,
        amountMinor: options.discount?.amountMinor ?? bundle.amountMinor,
        discountCodeId: options.discount?.codeId ?? null,
        discountPercentage: options.discount?.percentage ?? 0,
        method: options.method,
        provider: provider.name,
        sequence: options.sequence,
        mandateId: givenMandate?.id ?? null,
      })
      .returning();
    if (!inserted) throw new Error('payment not stored');
    // Before anything else is locked, so every payment takes its locks in the same order.
    if (options.discount) {
      await reserveDiscount(tx, {
        codeId: options.discount.codeId,
        userId: options.userId,
        paymentId: inserted.id,
      });
    }
    await options.withRow?.(tx, inserted);
    return inserted;
  });

  const { redirectUrl, webhookUrl } = paymentUrls(options.origin, provider.name, row.id);
  let linked: PaymentRow | undefined;
  try {
    let mandate = givenMandate;
    if (typeof options.mandate === 'function') {
      mandate = await options.mandate(row);
      await db.update(payments).set({ mandateId: mandate.id }).where(eq(payments.id, row.id));
    }
    const created = await provider.createPayment({
      amountMinor: row.amountMinor,
      currency: row.currency,
      description: `${bundle.credits} credits (#${row.id})`,
      method: options.method,
      redirectUrl,
      webhookUrl,
      metadata: { paymentId: row.id, userId: options.userId },
      sequence: options.sequence,
      customerId: mandate?.customerId ?? options.customerId,
      mandateId: mandate?.providerMandateId,
      locale: options.locale,
      billingCountry: options.country,
    });
    linked = await linkProviderPayment(row.id, created);
  } catch (error) {
    return await failOpening({ paymentId: row.id, provider, error });
  }
  // The view's code is read with the row when there is one.
  return openedPaymentView({
    userId: options.userId,
    paymentId: row.id,
    linked,
    discountCode: options.discount ? undefined : null,
  });
}

/**
 * Stores the provider's id, checkout URL and state on a payment just created there (one statement;
 * a payment the provider gave up at once gives its code back in the same transaction). Answers the
 * row, or nothing when a webhook that came first had linked it already (its state stays).
 */
export async function linkProviderPayment(
  paymentId: number,
  created: ProviderPayment,
): Promise<PaymentRow | undefined> {
  const db = await getDb();
  const link = (tx: DbOrTx) =>
    tx
      .update(payments)
      .set({
        providerPaymentId: created.id,
        checkoutUrl: created.checkoutUrl,
        status: created.status,
        updatedAt: new Date(),
      })
      .where(and(eq(payments.id, paymentId), isNull(payments.providerPaymentId)))
      .returning();
  if (!givesDiscountBack(created.status)) return (await link(db))[0];
  return db.transaction(async (tx) => {
    const [linked] = await link(tx);
    if (linked) await releaseDiscount(tx, paymentId);
    return linked;
  });
}

/**
 * The payment just opened as its payer sees it: from the linked row when there is one and the name
 * of its code is known (`discountCode`, null for none), read from the database otherwise.
 */
export async function openedPaymentView(options: {
  userId: number;
  paymentId: number;
  linked: PaymentRow | undefined;
  discountCode?: string | null;
}): Promise<Payment> {
  if (options.linked && options.discountCode !== undefined) {
    return toPaymentView(options.linked, options.discountCode);
  }
  const [view] = await loadPaymentViews(await getDb(), {
    userId: options.userId,
    paymentId: options.paymentId,
  });
  if (!view) throw new Error(`payment #${options.paymentId} vanished`);
  return view;
}

/**
 * A payment the provider refused or could not be reached for: marked failed, its code given back,
 * and the payer answered `payment_unavailable`.
 */
export async function failOpening(options: {
  paymentId: number;
  provider: PaymentProvider;
  error: unknown;
}): Promise<never> {
  const { paymentId, provider, error } = options;
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({ status: 'failed', updatedAt: new Date() })
      .where(eq(payments.id, paymentId));
    await releaseDiscount(tx, paymentId);
  });
  if (error instanceof AppError && error.code === 'payment_unavailable') throw error;
  console.error(
    `[payments] ${provider.name} refused payment #${paymentId}:`,
    error instanceof Error ? error.message : error,
  );
  throw new AppError('payment_unavailable', { log: `provider refused payment #${paymentId}` });
}
