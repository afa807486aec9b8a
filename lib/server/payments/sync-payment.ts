import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Payment } from '@/lib/shared/schemas/payments';
import { getDb, type Tx } from '../db/client';
import { users } from '../db/schema/auth';
import { creditBalances } from '../db/schema/credits';
import {
  discountRedemptions,
  paymentMandates,
  paymentReversals,
  payments,
  type PaymentProviderName,
} from '../db/schema/payments';
import { postCreditEntry } from '../credits/post-credit-entry';
import {
  givesDiscountBack,
  keepDiscountForPaidPayment,
  releaseDiscount,
} from '../discounts/reserve-discount';
import { recordMemberEvent } from '../events/member-events';
import { enqueueJob } from '../jobs/enqueue-job';
import { recordFirstPurchase } from '../landers/funnel';
import { getPaymentProvider, getPaymentProviderByName } from './get-payment-provider';
import { blockDirectDebit } from './payment-accounts';
import type { PaymentProvider, ProviderMandate, ProviderPayment, ProviderReversal } from './payment-provider';
import { loadPaymentViews, payerState, type PaymentRow } from './payment-view';
import { dropViewerCaches } from '../members/viewer-caches';

/** Job kind of the receipt e-mail, queued with the credits of a completed purchase. */
export const PAYMENT_RECEIPT_JOB = 'payment.receipt';

async function findPayment(name: PaymentProviderName, providerPaymentId: string): Promise<PaymentRow | null> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, name), eq(payments.providerPaymentId, providerPaymentId)));
  return row ?? null;
}

/** How long a new payment may wait for the provider's id before a webhook for an unknown id is ignored. */
const UNLINKED_WINDOW_MS = 10 * 60_000;

async function hasUnlinkedPayment(name: PaymentProviderName): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.provider, name),
        isNull(payments.providerPaymentId),
        gt(payments.createdAt, new Date(Date.now() - UNLINKED_WINDOW_MS)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * What a webhook's payment id is to the app, from the database alone: a payment of the app
 * (`known`), an id it does not know while a new payment of this provider still awaits its id (then
 * only the provider can tell: `awaited`), or nothing at all (`unknown`, answered without asking).
 */
export async function classifyProviderPaymentId(options: {
  providerName: PaymentProviderName;
  providerPaymentId: string;
}): Promise<'known' | 'awaited' | 'unknown'> {
  if (await findPayment(options.providerName, options.providerPaymentId)) return 'known';
  return (await hasUnlinkedPayment(options.providerName)) ? 'awaited' : 'unknown';
}

/**
 * Brings a payment up to date with its provider (a webhook, or the status page while pending). The
 * provider's word is fetched, never taken from the caller. In one transaction, under a lock on the
 * payment row, so concurrent calls (a webhook delivered ten times at once) book everything once:
 * - paid: the bundle's credits (ledger reference `payment:<id>`), premium (`users.paid_user`), the
 *   discount redemption, the card mandate the payment created, the receipt e-mail (queued), and the
 *   member's `first_purchase` in the acquisition funnel when it is their first; but a payment whose
 *   once-only code the member already spent on another payment is held for customer service
 *   (`held_reason` discount_spent) and nothing is booked;
 * - failed, cancelled or expired: its once-only discount code is given back;
 * - every refund or chargeback not booked yet: a reversal row and a negative ledger entry for the
 *   credits in proportion to the amount, as far as the member still has them (the rest is recorded
 *   as unrecovered); a chargeback blocks direct debit for the account;
 * - a changed state reaches the member's open tabs (`payment-updated`).
 * Answers the payment as its payer sees it, or null when no payment of the app has this id.
 */
export async function syncPayment(options: {
  providerPaymentId: string;
  provider?: PaymentProvider;
  providerName?: PaymentProviderName;
  now?: Date;
}): Promise<Payment | null> {
  const provider =
    options.provider ??
    (options.providerName ? getPaymentProviderByName(options.providerName) : getPaymentProvider());
  const found = await findPayment(provider.name, options.providerPaymentId);
  // An id the app never stored is only asked about while a new payment of this provider awaits its id.
  if (!found && !(await hasUnlinkedPayment(provider.name))) return null;
  const remote = await provider.getPayment(options.providerPaymentId);
  // The provider may report before the app stored its id (a charge that settled at once): its
  // metadata names the app's payment, which is then linked if it is the provider's and unlinked.
  const paymentId = found?.id ?? linkedPaymentId(remote);
  if (paymentId === null) return null;

  // Details of a card mandate the payment created are fetched before the transaction.
  let mandate: ProviderMandate | null = null;
  if (remote.status === 'paid' && remote.mandateId && remote.customerId && remote.sequence === 'first') {
    mandate = await provider.getMandate(remote.customerId, remote.mandateId);
  }

  const now = options.now ?? new Date();
  const db = await getDb();
  const userId = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!row || row.provider !== provider.name) return null;
    if (row.providerPaymentId !== remote.id) {
      if (row.providerPaymentId !== null || remote.metadata.userId !== row.userId) return null;
      await tx.update(payments).set({ providerPaymentId: remote.id }).where(eq(payments.id, row.id));
    }
    await applyProviderPayment(tx, row, remote, mandate, now);
    return row.userId;
  });
  if (userId === null) return null;
  const [view] = await loadPaymentViews(db, { userId, paymentId });
  return view ?? null;
}

function linkedPaymentId(remote: ProviderPayment): number | null {
  const id = remote.metadata.paymentId;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : null;
}

async function applyProviderPayment(
  tx: Tx,
  row: PaymentRow,
  remote: ProviderPayment,
  mandate: ProviderMandate | null,
  now: Date,
): Promise<void> {
  // The provider must have charged what the app asked; anything else is held for a person to look at.
  if (
    remote.amountMinor !== row.amountMinor ||
    remote.currency.toUpperCase() !== row.currency.toUpperCase()
  ) {
    console.error(
      `[payments] payment #${row.id}: ${row.provider} reports ${remote.amountMinor} ${remote.currency}, ` +
        `expected ${row.amountMinor} ${row.currency}; not booked`,
    );
    if (row.heldReason === null) {
      await tx
        .update(payments)
        .set({ heldReason: 'amount_mismatch', heldAt: now, updatedAt: now })
        .where(eq(payments.id, row.id));
    }
    return;
  }
  // A payment once paid stays paid here: what happens after is booked as reversals.
  const status = row.status === 'paid' ? 'paid' : remote.status;
  let heldReason = row.heldReason;
  // A once-only code is booked with one paid payment of the member; another one paid with it waits.
  if (status === 'paid' && row.paidAt === null && heldReason === null && row.discountCodeId !== null) {
    const mayBook = await keepDiscountForPaidPayment(tx, {
      codeId: row.discountCodeId,
      userId: row.userId,
      paymentId: row.id,
    });
    if (!mayBook) {
      heldReason = 'discount_spent';
      console.error(
        `[payments] payment #${row.id}: discount code ${row.discountCodeId} already spent by member ` +
          `${row.userId}; held for customer service`,
      );
    }
  }
  const isHeld = heldReason !== null;
  const isNowPaid = status === 'paid' && row.paidAt === null && !isHeld;
  let mandateId = row.mandateId;
  let paidUser: boolean | null = null;

  if (isNowPaid) {
    await postCreditEntry({
      tx,
      userId: row.userId,
      delta: row.credits,
      reason: 'purchase',
      reference: `payment:${row.id}`,
      now,
    });
    await tx.update(users).set({ paidUser: true }).where(eq(users.id, row.userId));
    paidUser = true;
    // Premium lifts the swipe game's daily likes.
    dropViewerCaches(row.userId);
    // The acquisition funnel's last step, booked with the purchase or not at all.
    await recordFirstPurchase({ tx, userId: row.userId, paymentId: row.id, now });
    if (row.discountCodeId !== null) {
      await tx
        .insert(discountRedemptions)
        .values({ discountCodeId: row.discountCodeId, userId: row.userId, paymentId: row.id, createdAt: now })
        .onConflictDoNothing();
    }
    if (mandate && remote.customerId && mandateId === null) {
      mandateId = await storeMandate(tx, row, remote.customerId, mandate, now);
    }
    await enqueueJob(tx, PAYMENT_RECEIPT_JOB, { paymentId: row.id });
  }
  if (row.paidAt === null && !isHeld && row.discountCodeId !== null && givesDiscountBack(status)) {
    await releaseDiscount(tx, row.id);
  }

  // A held payment booked no credits: its refunds and chargebacks are recorded without taking any.
  const isBooked = row.paidAt !== null || isNowPaid;
  const reversed =
    isBooked || (isHeld && status === 'paid')
      ? await bookReversals(tx, row, remote.reversals, now, isBooked)
      : null;

  const next = {
    status,
    heldReason,
    reversedMinor: reversed?.reversedMinor ?? row.reversedMinor,
    amountMinor: row.amountMinor,
  };
  await tx
    .update(payments)
    .set({
      status,
      method: remote.method ?? row.method,
      mandateId,
      checkoutUrl: remote.checkoutUrl ?? row.checkoutUrl,
      paidAt: isNowPaid ? now : row.paidAt,
      heldReason,
      heldAt: heldReason !== row.heldReason ? now : row.heldAt,
      reversedMinor: next.reversedMinor,
      unrecoveredCredits: reversed?.unrecoveredCredits ?? row.unrecoveredCredits,
      updatedAt: now,
    })
    .where(eq(payments.id, row.id));

  const state = payerState(next);
  if (status !== row.status || state !== payerState(row)) {
    if (paidUser === null) {
      const [member] = await tx
        .select({ paidUser: users.paidUser })
        .from(users)
        .where(eq(users.id, row.userId));
      paidUser = member?.paidUser ?? false;
    }
    await recordMemberEvent(tx, row.userId, {
      type: 'payment-updated',
      payment: row.id,
      state,
      paid_user: paidUser,
    });
  }
}

async function storeMandate(
  tx: Tx,
  row: PaymentRow,
  customerId: string,
  mandate: ProviderMandate,
  now: Date,
): Promise<number | null> {
  await tx
    .insert(paymentMandates)
    .values({
      userId: row.userId,
      provider: row.provider,
      providerCustomerId: customerId,
      providerMandateId: mandate.id,
      method: mandate.method,
      status: mandate.status,
      label: mandate.label,
      createdAt: now,
    })
    .onConflictDoNothing();
  const [stored] = await tx
    .select({ id: paymentMandates.id, userId: paymentMandates.userId })
    .from(paymentMandates)
    .where(
      and(eq(paymentMandates.provider, row.provider), eq(paymentMandates.providerMandateId, mandate.id)),
    );
  return stored && stored.userId === row.userId ? stored.id : null;
}

/**
 * Books the reversals the provider lists that are not booked yet. The credits of each are the
 * bundle's credits in proportion to the amounts reversed so far (so a whole refund takes back exactly
 * the bundle), at most what the member still has.
 */
async function bookReversals(
  tx: Tx,
  row: PaymentRow,
  reversals: readonly ProviderReversal[],
  now: Date,
  /** Whether the payment's credits were booked (a held payment's were not: none are taken back). */
  isBooked: boolean,
): Promise<{ reversedMinor: number; unrecoveredCredits: number } | null> {
  const booked = await tx.select().from(paymentReversals).where(eq(paymentReversals.paymentId, row.id));
  const fresh = reversals.filter(
    (r) => r.amountMinor > 0 && !booked.some((b) => b.kind === r.kind && b.providerReversalId === r.id),
  );
  if (fresh.length === 0) return null;

  let reversedMinor = row.reversedMinor;
  let unrecoveredCredits = row.unrecoveredCredits;
  let creditsReversed = booked.reduce((sum, b) => sum + b.credits, 0) + unrecoveredCredits;
  // The member's balance row is locked before it is read, as every ledger entry does.
  await tx.insert(creditBalances).values({ userId: row.userId, balance: 0 }).onConflictDoNothing();
  const [balanceRow] = await tx
    .select({ balance: creditBalances.balance })
    .from(creditBalances)
    .where(eq(creditBalances.userId, row.userId))
    .for('update');
  let balance = balanceRow?.balance ?? 0;

  for (const reversal of fresh) {
    const amountMinor = Math.min(reversal.amountMinor, Math.max(0, row.amountMinor - reversedMinor));
    reversedMinor += amountMinor;
    const due = isBooked ? proportionalCredits(row, reversedMinor) - creditsReversed : 0;
    const taken = Math.max(0, Math.min(due, balance));
    creditsReversed += Math.max(0, due);
    unrecoveredCredits += Math.max(0, due) - taken;
    await tx.insert(paymentReversals).values({
      paymentId: row.id,
      kind: reversal.kind,
      providerReversalId: reversal.id,
      amountMinor,
      credits: taken,
      createdAt: now,
    });
    if (taken > 0) {
      const posted = await postCreditEntry({
        tx,
        userId: row.userId,
        delta: -taken,
        reason: reversal.kind,
        reference: `${reversal.kind}:${reversal.id}`,
        now,
      });
      balance = posted.balance;
    }
    if (reversal.kind === 'chargeback') await blockDirectDebit(tx, row.userId, now);
  }
  return { reversedMinor, unrecoveredCredits };
}

/** The credits that `reversedMinor` of the payment's amount stands for (all of them for the whole amount). */
function proportionalCredits(row: PaymentRow, reversedMinor: number): number {
  if (row.amountMinor <= 0) return row.credits;
  return Math.min(row.credits, Math.round((row.credits * reversedMinor) / row.amountMinor));
}

/** Payments whose state still may change, for the transaction list and status page. */
export const isUnsettled = (status: string) =>
  status === 'open' || status === 'pending' || status === 'authorized';
