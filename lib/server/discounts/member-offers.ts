import 'server-only';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import { TIME_BONUS } from '@/lib/shared/constants';
import type { Locale } from '@/lib/shared/locales';
import type { DiscountCode } from '@/lib/shared/schemas/payments';
import { getDb } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { discountCodes, type PaymentStatus } from '../db/schema/payments';
import { AppError } from '../errors';
import { discountCodeView } from './get-discount-code';
import { timeBonusOf, type TimeBonus } from './get-time-bonus';
import {
  checkDiscount,
  hasMemberWindow,
  type DiscountCodeRow,
  type DiscountContext,
} from './resolve-discount';

/** The codes that can be offers: the active welcome codes and the time bonus. */
const offerCodes = and(
  eq(discountCodes.status, 'active'),
  or(eq(discountCodes.welcome, true), eq(sql`upper(${discountCodes.code})`, TIME_BONUS.code)),
);

interface MemberUseRow {
  created_at: Date | string;
  paid_user: boolean;
  /** Ids of the offer codes the member redeemed on a completed payment. */
  redeemed: number[] | string;
  /** The payments holding the member's reservations of the offer codes. */
  holders:
    | {
        code_id: number;
        payment_id: number;
        status: PaymentStatus;
        paid_at: string | null;
        provider_payment_id: string | null;
        created_at: string;
      }[]
    | string;
}

/** A rule's answer, or null where it says why there is none. */
const orNull = (bonus: TimeBonus | string): TimeBonus | null => (typeof bonus === 'string' ? null : bonus);

const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * What the offers' checks need to know of the member, in one statement: when they signed up,
 * whether they have paid, which offer codes they redeemed, and the payments holding their
 * reservations of them.
 */
async function loadMemberUse(userId: number) {
  const db = await getDb();
  const [row] = await rowsOf<MemberUseRow>(
    db,
    sql`select u.created_at, u.paid_user,
      (select coalesce(json_agg(r.discount_code_id), '[]'::json) from discount_redemptions r
        where r.user_id = u.id and r.discount_code_id in (select id from discount_codes where ${offerCodes}))
        as redeemed,
      (select coalesce(json_agg(json_build_object('code_id', dr.discount_code_id, 'payment_id', p.id,
          'status', p.status, 'paid_at', p.paid_at, 'provider_payment_id', p.provider_payment_id,
          'created_at', p.created_at)), '[]'::json)
        from discount_reservations dr join payments p on p.id = dr.payment_id
        where dr.user_id = u.id and dr.discount_code_id in (select id from discount_codes where ${offerCodes}))
        as holders
    from users u where u.id = ${userId}::int`,
  );
  if (!row) return null;
  return {
    member: { createdAt: new Date(row.created_at), paidUser: row.paid_user },
    redeemed: new Set(parsed(row.redeemed).map(Number)),
    holders: new Map(
      parsed(row.holders).map((h) => [
        Number(h.code_id),
        {
          paymentId: Number(h.payment_id),
          status: h.status,
          paidAt: h.paid_at ? new Date(h.paid_at) : null,
          providerPaymentId: h.provider_payment_id,
          createdAt: new Date(h.created_at),
        },
      ]),
    ),
  };
}

/**
 * The offers of a member who has not paid, as `GET /api/discountcode.php?welcome=true` and
 * `GET /api/timebonus.php` answer them (null for none), for the page to show the welcome banner in
 * its first paint instead of inserting it above the content afterwards. Two statements side by side
 * (the offer codes, the member's use of them), checked as the two calls check them
 * (tests/server/discounts.test.ts compares the answers).
 */
export async function memberOffers(options: { userId: number; locale: Locale; now?: Date }): Promise<{
  welcome: DiscountCode | null;
  timeBonus: TimeBonus | null;
}> {
  const now = options.now ?? new Date();
  const db = await getDb();
  const [codes, use] = await Promise.all([
    db.select().from(discountCodes).where(offerCodes).orderBy(asc(discountCodes.id)),
    loadMemberUse(options.userId),
  ]);
  if (!use || use.member.paidUser) return { welcome: null, timeBonus: null };

  const welcomeRow = codes.find((row) => row.welcome);
  const bonusRow = codes.find((row) => row.code.toUpperCase() === TIME_BONUS.code);
  return {
    welcome: welcomeRow ? checkedView(welcomeRow, use, options, now) : null,
    timeBonus: orNull(
      timeBonusOf({
        member: use.member,
        code: bonusRow ? { code: bonusRow.code, percentage: bonusRow.valuePercentage } : null,
        used: bonusRow ? use.redeemed.has(bonusRow.id) : false,
        now,
      }),
    ),
  };
}

/** The welcome code as the discount-code call answers it, or null where it refuses it. */
function checkedView(
  row: DiscountCodeRow,
  use: NonNullable<Awaited<ReturnType<typeof loadMemberUse>>>,
  options: { userId: number; locale: Locale },
  now: Date,
): DiscountCode | null {
  const isOncePerUser = row.validity === 'once_per_user';
  const used = isOncePerUser && use.redeemed.has(row.id);
  const context: DiscountContext = {
    row,
    member: hasMemberWindow(row) ? use.member : null,
    used,
    holder: isOncePerUser && !used ? (use.holders.get(row.id) ?? null) : null,
  };
  try {
    const resolved = checkDiscount({
      ...context,
      userId: options.userId,
      code: row.code,
      now,
      locale: options.locale,
    });
    return discountCodeView(resolved, now);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}
