import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { TIME_BONUS } from '@/lib/shared/constants';
import { countryNameIn } from '@/lib/shared/country-names';
import { DEFAULT_LOCALE, type Locale } from '@/lib/shared/locales';
import { getDb, type DbOrTx } from '../db/client';
import { users } from '../db/schema/auth';
import { discountCodes, discountRedemptions, discountReservations, payments } from '../db/schema/payments';
import { AppError } from '../errors';
import { discountHolderState } from './reserve-discount';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** What is known of the order when a code is checked; unknown parts are not checked yet. */
export interface DiscountOrder {
  /** The payment country. */
  country?: string;
  currency?: string;
  /** The bundle's price before the discount, in minor units. */
  amountMinor?: number;
  method?: string;
}

export interface ResolvedDiscount {
  code: DiscountCodeRow;
  /** When the code stops working for this member (the time bonus and the welcome code end per member). */
  expiresAt: Date | null;
}

/** Why a code that exists does not apply to this order, as a message key under `Errors`. */
export type DiscountMismatch =
  'discount_expired' | 'discount_country' | 'discount_currency' | 'discount_minimum' | 'discount_method';

/**
 * Checks a discount code for a member and an order (spec §3, §5, §9): `discount_not_found` for a
 * code that does not exist, is switched off or belongs to another member; `discount_used` for a
 * once-per-user code the member used on a completed payment, `discount_reserved` for one that is on
 * a payment of the member not finished yet (see reserveDiscount); `discount_not_applicable` (with the
 * reason's message) for a code whose country, currency, minimum order value, payment methods or
 * time do not fit. The time bonus and the welcome code are for members who have not paid yet, and
 * end 4 hours (the welcome code: its `welcome_hours`) after the member's signup.
 */
export async function resolveDiscount(options: {
  userId: number;
  code: string;
  order?: DiscountOrder;
  tx?: DbOrTx;
  now?: Date;
  /** The caller's language, for the country name and amount in a mismatch's message. */
  locale?: Locale;
}): Promise<ResolvedDiscount> {
  const db = options.tx ?? (await getDb());
  const now = options.now ?? new Date();
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(eq(sql`upper(${discountCodes.code})`, options.code.trim().toUpperCase()));
  if (!row || row.status !== 'active' || (row.userId !== null && row.userId !== options.userId)) {
    throw new AppError('discount_not_found', {
      log: `discount code ${options.code} not found for ${options.userId}`,
    });
  }

  const expiresAt = await memberExpiry(db, row, options.userId);
  const locale = options.locale ?? DEFAULT_LOCALE;
  const order = options.order ?? {};
  if (expiresAt && expiresAt.getTime() <= now.getTime())
    throw notApplicable(row, 'discount_expired', order, locale);

  if (row.validity === 'once_per_user') {
    const [used] = await db
      .select({ id: discountRedemptions.id })
      .from(discountRedemptions)
      .where(
        and(eq(discountRedemptions.discountCodeId, row.id), eq(discountRedemptions.userId, options.userId)),
      )
      .limit(1);
    if (used)
      throw new AppError('discount_used', { log: `discount code ${row.code} used by ${options.userId}` });
    const [holder] = await db
      .select({
        paymentId: payments.id,
        status: payments.status,
        paidAt: payments.paidAt,
        providerPaymentId: payments.providerPaymentId,
        createdAt: payments.createdAt,
      })
      .from(discountReservations)
      .innerJoin(payments, eq(payments.id, discountReservations.paymentId))
      .where(
        and(eq(discountReservations.discountCodeId, row.id), eq(discountReservations.userId, options.userId)),
      );
    const held = holder ? discountHolderState(holder, now) : 'gone';
    if (holder && held !== 'gone') {
      throw new AppError(held === 'paid' ? 'discount_used' : 'discount_reserved', {
        log: `discount code ${row.code} of ${options.userId} is on payment #${holder.paymentId}`,
      });
    }
  }

  const mismatch = orderMismatch(row, order);
  if (mismatch) throw notApplicable(row, mismatch, order, locale);
  return { code: row, expiresAt };
}

/** Whether a code fits an order (the parts of it that are known). */
export function orderMismatch(row: DiscountCodeRow, order: DiscountOrder): DiscountMismatch | null {
  if (row.country && order.country && row.country !== order.country) return 'discount_country';
  if (row.currency && order.currency && row.currency !== order.currency) return 'discount_currency';
  if (
    row.minimumOrderMinor !== null &&
    order.amountMinor !== undefined &&
    order.amountMinor < row.minimumOrderMinor
  ) {
    return 'discount_minimum';
  }
  if (row.paymentMethods.length > 0 && order.method && !row.paymentMethods.includes(order.method)) {
    return 'discount_method';
  }
  return null;
}

/** Whether a code is the time bonus (spec §9). */
export function isTimeBonusCode(row: Pick<DiscountCodeRow, 'code'>): boolean {
  return row.code.toUpperCase() === TIME_BONUS.code;
}

/**
 * When the code ends for this member: its own expiry, and for the time bonus and the welcome code
 * the end of the member's window after signup; both are over once the member has paid.
 */
async function memberExpiry(db: DbOrTx, row: DiscountCodeRow, userId: number): Promise<Date | null> {
  const windowSeconds = isTimeBonusCode(row)
    ? TIME_BONUS.windowSeconds
    : row.welcome && row.welcomeHours !== null
      ? row.welcomeHours * 3600
      : null;
  if (windowSeconds === null) return row.expiresAt;
  const [member] = await db
    .select({ createdAt: users.createdAt, paidUser: users.paidUser })
    .from(users)
    .where(eq(users.id, userId));
  if (!member) throw new AppError('discount_not_found', { log: `no member ${userId}` });
  // A member who has paid is past every welcome offer.
  if (member.paidUser) return new Date(0);
  const windowEnd = new Date(member.createdAt.getTime() + windowSeconds * 1000);
  return row.expiresAt && row.expiresAt < windowEnd ? row.expiresAt : windowEnd;
}

function notApplicable(
  row: DiscountCodeRow,
  reason: DiscountMismatch,
  order: DiscountOrder,
  locale: Locale,
): AppError {
  return new AppError('discount_not_applicable', {
    messageKey: reason,
    values: {
      country: row.country ? (countryNameIn(locale, row.country) ?? row.country) : '',
      currency: row.currency ?? '',
      minimum: formatMinimum(row, order, locale),
    },
    log: `discount code ${row.code}: ${reason}`,
  });
}

/** The code's minimum order value as money in the order's (or the code's) currency. */
function formatMinimum(row: DiscountCodeRow, order: DiscountOrder, locale: Locale): string {
  if (row.minimumOrderMinor === null) return '';
  const currency = row.currency ?? order.currency ?? 'EUR';
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(row.minimumOrderMinor / 10 ** digits);
}
