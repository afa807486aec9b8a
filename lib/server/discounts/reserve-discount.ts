import 'server-only';
import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  discountCodes,
  discountRedemptions,
  discountReservations,
  payments,
  type PaymentStatus,
} from '../db/schema/payments';
import { AppError } from '../errors';

/** A payment in one of these states can no longer be paid: it gives its code back. */
const GIVES_BACK: readonly PaymentStatus[] = ['failed', 'canceled', 'expired'];

export const givesDiscountBack = (status: PaymentStatus) => GIVES_BACK.includes(status);

/** A payment the provider never took within this time (the app stopped while opening it) holds nothing. */
const UNOPENED_MS = 10 * 60_000;

/** What a payment holding a code is, as far as its reservation goes. */
export interface DiscountHolder {
  status: PaymentStatus;
  paidAt: Date | null;
  providerPaymentId: string | null;
  createdAt: Date;
}

/**
 * How a payment stands to the code it reserved: `paid` (used for good), `open` (may still be paid:
 * it keeps the code), or `gone` (failed, cancelled, expired, or never opened at the provider: the
 * code is free again; should it be paid after all, it is held for customer service).
 */
export function discountHolderState(holder: DiscountHolder, now = new Date()): 'paid' | 'open' | 'gone' {
  if (holder.paidAt !== null || holder.status === 'paid') return 'paid';
  if (givesDiscountBack(holder.status)) return 'gone';
  const isUnopened =
    holder.providerPaymentId === null && now.getTime() - holder.createdAt.getTime() > UNOPENED_MS;
  return isUnopened ? 'gone' : 'open';
}

interface ReservationKey {
  codeId: number;
  userId: number;
  paymentId: number;
}

async function isOncePerUser(tx: Tx, codeId: number): Promise<boolean> {
  const [code] = await tx
    .select({ validity: discountCodes.validity })
    .from(discountCodes)
    .where(eq(discountCodes.id, codeId));
  return code?.validity === 'once_per_user';
}

/**
 * Takes the member's reservation of a once-only code for `paymentId`, or says who holds it. The key
 * (code, member) is unique: a second transaction inserting it waits until the first commits and then
 * finds its row, so payments started at the same moment cannot both take the code. A reservation
 * left by a payment that is gone (see discountHolderState) is taken over.
 */
async function takeReservation(
  tx: Tx,
  key: ReservationKey,
): Promise<{ taken: true } | { taken: false; holder: { paymentId: number; isPaid: boolean } }> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const inserted = await tx
      .insert(discountReservations)
      .values({ discountCodeId: key.codeId, userId: key.userId, paymentId: key.paymentId })
      .onConflictDoNothing()
      .returning({ paymentId: discountReservations.paymentId });
    if (inserted.length > 0) return { taken: true };

    const [holder] = await tx
      .select({
        paymentId: discountReservations.paymentId,
        status: payments.status,
        paidAt: payments.paidAt,
        providerPaymentId: payments.providerPaymentId,
        createdAt: payments.createdAt,
      })
      .from(discountReservations)
      .innerJoin(payments, eq(payments.id, discountReservations.paymentId))
      .where(
        and(eq(discountReservations.discountCodeId, key.codeId), eq(discountReservations.userId, key.userId)),
      )
      .for('update', { of: discountReservations });
    // Given back meanwhile: try again.
    if (!holder) continue;
    if (holder.paymentId === key.paymentId) return { taken: true };
    const state = discountHolderState(holder);
    if (state !== 'gone') {
      return { taken: false, holder: { paymentId: holder.paymentId, isPaid: state === 'paid' } };
    }
    const moved = await tx
      .update(discountReservations)
      .set({ paymentId: key.paymentId, createdAt: new Date() })
      .where(
        and(
          eq(discountReservations.discountCodeId, key.codeId),
          eq(discountReservations.userId, key.userId),
          eq(discountReservations.paymentId, holder.paymentId),
        ),
      )
      .returning({ paymentId: discountReservations.paymentId });
    if (moved.length > 0) return { taken: true };
  }
  throw new Error(`discount code ${key.codeId} of member ${key.userId}: reservation keeps changing`);
}

/**
 * Reserves a once-only discount code for a payment being opened, in the transaction that creates
 * the payment row (unlimited codes are not reserved). While another payment of the member holds the
 * code it is refused: `discount_used` when that payment is paid, else `discount_reserved` (the code
 * comes back when that payment fails, is cancelled or expires: see releaseDiscount).
 */
export async function reserveDiscount(tx: Tx, key: ReservationKey): Promise<void> {
  if (!(await isOncePerUser(tx, key.codeId))) return;
  const result = await takeReservation(tx, key);
  if (result.taken) return;
  const log = `discount code ${key.codeId} of member ${key.userId} is on payment #${result.holder.paymentId}`;
  throw new AppError(result.holder.isPaid ? 'discount_used' : 'discount_reserved', { log });
}

/** Gives a payment's code back (the payment failed, was cancelled or expired, or was never made). */
export async function releaseDiscount(tx: Tx, paymentId: number): Promise<void> {
  await tx.delete(discountReservations).where(eq(discountReservations.paymentId, paymentId));
}

/**
 * Whether a payment the provider reports paid may be booked at its discount: an unlimited code
 * always, a once-only code when the payment holds it (or can take it: nobody else has). A code the
 * member already spent on another payment (one opened before codes were reserved, or a payment
 * that gave its code back and was paid anyway) answers false: the payment is then held for a person.
 */
export async function keepDiscountForPaidPayment(tx: Tx, key: ReservationKey): Promise<boolean> {
  if (!(await isOncePerUser(tx, key.codeId))) return true;
  const [spent] = await tx
    .select({ id: discountRedemptions.id })
    .from(discountRedemptions)
    .where(
      and(
        eq(discountRedemptions.discountCodeId, key.codeId),
        eq(discountRedemptions.userId, key.userId),
        ne(discountRedemptions.paymentId, key.paymentId),
      ),
    )
    .limit(1);
  if (spent) return false;
  return (await takeReservation(tx, key)).taken;
}
