import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { discountedAmount, type Payment } from '@/lib/shared/schemas/payments';
import { getDb } from '../db/client';
import { directDebitRequests, discountCodes, paymentMandates } from '../db/schema/payments';
import { AppError } from '../errors';
import { getPaymentProvider } from './get-payment-provider';
import { getBundleOrThrow, openPayment } from './open-payment';
import { ensureProviderCustomer, getPaymentAccount } from './payment-accounts';

/**
 * Turns a verified direct-debit request (form and SMS code done) into a mandate and a payment on it:
 * the provider's customer, a SEPA mandate with the holder and IBAN, a recurring payment that the
 * bank settles later. The request is claimed for this payment first, so it pays once. Refused with
 * `direct_debit_blocked` after a chargeback; a request that is not the member's, not verified or
 * already used is not_found.
 */
export async function startDirectDebitPayment(options: {
  userId: number;
  requestId: number;
  origin: string;
  locale: string;
  now?: Date;
}): Promise<Payment> {
  const db = await getDb();
  const now = options.now ?? new Date();
  const [request] = await db
    .select()
    .from(directDebitRequests)
    .where(eq(directDebitRequests.id, options.requestId));
  if (!request || request.userId !== options.userId || !request.verifiedAt || request.paymentId !== null) {
    throw new AppError('not_found', {
      log: `direct-debit request ${options.requestId} not usable by ${options.userId}`,
    });
  }
  if ((await getPaymentAccount(db, options.userId))?.directDebitBlockedAt) {
    throw new AppError('direct_debit_blocked', {
      log: `member ${options.userId} is blocked for direct debit`,
    });
  }
  const bundle = await getBundleOrThrow({ bundleId: request.bundleId, country: request.country });
  const [code] = request.discountCodeId
    ? await db.select().from(discountCodes).where(eq(discountCodes.id, request.discountCodeId))
    : [];
  const provider = getPaymentProvider();
  const customerId = await ensureProviderCustomer({ userId: options.userId, provider });
  const mandate = await provider.createMandate({
    customerId,
    method: 'directdebit',
    consumerName: request.accountHolder,
    consumerAccount: request.iban.replace(/\s/g, '').toUpperCase(),
    signatureDate: now.toISOString().slice(0, 10),
    mandateReference: `DD-${options.userId}-${request.id}`,
  });
  const [stored] = await db
    .insert(paymentMandates)
    .values({
      userId: options.userId,
      provider: provider.name,
      providerCustomerId: customerId,
      providerMandateId: mandate.id,
      method: 'directdebit',
      status: mandate.status,
      label: mandate.label,
      createdAt: now,
    })
    .returning({ id: paymentMandates.id });
  if (!stored) throw new Error('mandate not stored');

  return openPayment({
    userId: options.userId,
    bundle,
    country: request.country,
    method: 'directdebit',
    sequence: 'recurring',
    provider,
    origin: options.origin,
    locale: options.locale,
    customerId,
    mandate: { id: stored.id, providerMandateId: mandate.id },
    discount: code
      ? {
          codeId: code.id,
          percentage: code.valuePercentage,
          amountMinor: discountedAmount(bundle.amountMinor, code.valuePercentage),
        }
      : undefined,
    // The request pays once: claimed in the payment's own transaction, unless another call was first.
    withRow: async (tx, row) => {
      const claimed = await tx
        .update(directDebitRequests)
        .set({ paymentId: row.id })
        .where(and(eq(directDebitRequests.id, request.id), isNull(directDebitRequests.paymentId)))
        .returning({ id: directDebitRequests.id });
      if (claimed.length === 0) {
        throw new AppError('not_found', { log: `direct-debit request ${request.id} was used meanwhile` });
      }
    },
  });
}
