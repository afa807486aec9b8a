import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { isLocale } from '@/lib/shared/locales';
import { discountedAmount, type Payment } from '@/lib/shared/schemas/payments';
import { getDb } from '../db/client';
import { directDebitRequests, discountCodes, paymentMandates } from '../db/schema/payments';
import { assertWithinDirectDebitLimit } from '../direct-debit/direct-debit-rules';
import { AppError } from '../errors';
import { getPaymentProvider } from './get-payment-provider';
import { getBundleOrThrow, openPayment, type StoredMandate } from './open-payment';
import { ensureProviderCustomer, getPaymentAccount, lockPaymentAccount } from './payment-accounts';
import type { PaymentProvider } from './payment-provider';

/**
 * Turns a verified direct-debit request (form and SMS code done) into a mandate and a payment on it:
 * the provider's customer, a SEPA mandate with the holder and IBAN, a recurring payment that the
 * bank settles later.
 *
 * The payment row comes first, in one transaction under the member's payment account lock: the
 * account's standing (`direct_debit_blocked` after a chargeback), the limit of open direct debits
 * (`direct_debit_limit`, counted with every other payment of the member committed before, so codes
 * confirmed at the same moment cannot pass it together), the discount code's reservation, and the
 * request claimed for this payment (it pays once). Only then is the mandate made at the provider;
 * if the provider then refuses the payment, that mandate is revoked there and here, so it is never
 * offered or charged. A request that is not the member's, not verified or already used is not_found.
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
  const locale = isLocale(options.locale) ? options.locale : 'en';
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
  const made: { mandate: Required<StoredMandate> | null } = { mandate: null };

  try {
    return await openPayment({
      userId: options.userId,
      bundle,
      country: request.country,
      method: 'directdebit',
      sequence: 'recurring',
      provider,
      origin: options.origin,
      locale: options.locale,
      discount: code
        ? {
            codeId: code.id,
            percentage: code.valuePercentage,
            amountMinor: discountedAmount(bundle.amountMinor, code.valuePercentage),
          }
        : undefined,
      withRow: async (tx, row) => {
        const account = await lockPaymentAccount(tx, options.userId);
        if (account.directDebitBlockedAt) {
          throw new AppError('direct_debit_blocked', {
            log: `member ${options.userId} is blocked for direct debit`,
          });
        }
        await assertWithinDirectDebitLimit(tx, {
          userId: options.userId,
          currency: row.currency,
          amountMinor: row.amountMinor,
          locale,
          paymentId: row.id,
        });
        // The request pays once: claimed in the payment's own transaction, unless another call was first.
        const claimed = await tx
          .update(directDebitRequests)
          .set({ paymentId: row.id })
          .where(and(eq(directDebitRequests.id, request.id), isNull(directDebitRequests.paymentId)))
          .returning({ id: directDebitRequests.id });
        if (claimed.length === 0) {
          throw new AppError('not_found', { log: `direct-debit request ${request.id} was used meanwhile` });
        }
      },
      // Made only for a payment that passed the checks above.
      mandate: async () => {
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
        made.mandate = { id: stored.id, providerMandateId: mandate.id, customerId };
        return made.mandate;
      },
    });
  } catch (error) {
    if (made.mandate) await revokeUnusedMandate(provider, made.mandate, now);
    throw error;
  }
}

/**
 * Revokes a mandate made for a payment the provider then refused: here at once (never offered for a
 * repeat order), and at the provider (never charged); a provider that cannot be reached is logged.
 */
async function revokeUnusedMandate(
  provider: PaymentProvider,
  mandate: Required<StoredMandate>,
  now: Date,
): Promise<void> {
  const db = await getDb();
  await db
    .update(paymentMandates)
    .set({ status: 'invalid', revokedAt: now })
    .where(eq(paymentMandates.id, mandate.id));
  try {
    await provider.revokeMandate(mandate.customerId, mandate.providerMandateId);
  } catch (error) {
    console.error(
      `[payments] unused mandate #${mandate.id} not revoked at ${provider.name}:`,
      error instanceof Error ? error.message : error,
    );
  }
}
