import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { TIME_BONUS } from '@/lib/shared/constants';
import { countryValues } from '@/lib/shared/country-phrases';
import { DEFAULT_LOCALE, type Locale } from '@/lib/shared/locales';
import { getDb, type DbOrTx } from '../db/client';
import { users } from '../db/schema/auth';
import { discountCodes, discountRedemptions, discountReservations, payments } from '../db/schema/payments';
import { AppError } from '../errors';
import { discountHolderState, type DiscountHolder } from './reserve-discount';

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
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(eq(sql`upper(${discountCodes.code})`, options.code.trim().toUpperCase()));
  const member = row && hasMemberWindow(row) ? await loadMember(db, options.userId) : null;
  const isOncePerUser = row?.status === 'active' && row.validity === 'once_per_user';
  const used = isOncePerUser ? await hasRedeemed(db, row.id, options.userId) : false;
  const holder = isOncePerUser && !used ? await reservationHolder(db, row.id, options.userId) : null;
  return checkDiscount({ ...options, row: row ?? null, member, used, holder });
}

/** What a code's check needs to know of the member and their use of it (see resolveDiscount). */
export interface DiscountContext {
  /** The code with that name (upper case), if any. */
  row: DiscountCodeRow | null;
  /** The member, when the code has a window after signup (time bonus, welcome code). */
  member: { createdAt: Date; paidUser: boolean } | null;
  /** Whether the member redeemed the code on a completed payment. */
  used: boolean;
  /** The payment holding the member's reservation of the code, if any. */
  holder: (DiscountHolder & { paymentId: number }) | null;
}

/**
 * The check of resolveDiscount on what was read for it (one statement can read it all, as the
 * checkout does): the same answers and errors, in the same order.
 */
export function checkDiscount(
  options: DiscountContext & {
    userId: number;
    code: string;
    order?: DiscountOrder;
    now?: Date;
    locale?: Locale;
  },
): ResolvedDiscount {
  const { row } = options;
  const now = options.now ?? new Date();
  if (!row || row.status !== 'active' || (row.userId !== null && row.userId !== options.userId)) {
    throw new AppError('discount_not_found', {
      log: `discount code ${options.code} not found for ${options.userId}`,
    });
  }

  const expiresAt = memberExpiry(row, options.member, options.userId);
  const locale = options.locale ?? DEFAULT_LOCALE;
  const order = options.order ?? {};
  if (expiresAt && expiresAt.getTime() <= now.getTime())
    throw notApplicable(row, 'discount_expired', order, locale);

  if (row.validity === 'once_per_user') {
    if (options.used)
      throw new AppError('discount_used', { log: `discount code ${row.code} used by ${options.userId}` });
    const { holder } = options;
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

async function loadMember(db: DbOrTx, userId: number): Promise<DiscountContext['member']> {
  const [member] = await db
    .select({ createdAt: users.createdAt, paidUser: users.paidUser })
    .from(users)
    .where(eq(users.id, userId));
  return member ?? null;
}

async function hasRedeemed(db: DbOrTx, codeId: number, userId: number): Promise<boolean> {
  const [used] = await db
    .select({ id: discountRedemptions.id })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.discountCodeId, codeId), eq(discountRedemptions.userId, userId)))
    .limit(1);
  return used !== undefined;
}

async function reservationHolder(
  db: DbOrTx,
  codeId: number,
  userId: number,
): Promise<DiscountContext['holder']> {
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
    .where(and(eq(discountReservations.discountCodeId, codeId), eq(discountReservations.userId, userId)));
  return holder ?? null;
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

/** Whether a code ends for each member some time after their signup (the time bonus, the welcome code). */
export function hasMemberWindow(row: DiscountCodeRow): boolean {
  return memberWindowSeconds(row) !== null;
}

function memberWindowSeconds(row: DiscountCodeRow): number | null {
  if (isTimeBonusCode(row)) return TIME_BONUS.windowSeconds;
  return row.welcome && row.welcomeHours !== null ? row.welcomeHours * 3600 : null;
}

/**
 * When the code ends for this member: its own expiry, and for the time bonus and the welcome code
 * the end of the member's window after signup; both are over once the member has paid.
 */
function memberExpiry(row: DiscountCodeRow, member: DiscountContext['member'], userId: number): Date | null {
  const windowSeconds = memberWindowSeconds(row);
  if (windowSeconds === null) return row.expiresAt;
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
      ...(row.country ? countryValues(locale, row.country) : { country: '', fromCountry: '' }),
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
