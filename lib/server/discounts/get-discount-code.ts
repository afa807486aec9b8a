import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Locale } from '@/lib/shared/locales';
import type { DiscountCode, DiscountCodeQuerySchema } from '@/lib/shared/schemas/payments';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { creditBundles, discountCodes } from '../db/schema/payments';
import { AppError } from '../errors';
import { resolveDiscount, type DiscountOrder, type ResolvedDiscount } from './resolve-discount';

type DiscountCodeQuery = z.infer<typeof DiscountCodeQuerySchema>;

/**
 * `GET /api/discountcode.php`: a code checked for the member and, as far as the query tells, the
 * order (payment country, bundle, method); or with `welcome=true` the welcome code of a member who
 * has not paid yet, ending at the end of the member's welcome window.
 */
export async function getDiscountCode(options: {
  userId: number;
  query: DiscountCodeQuery;
  locale: Locale;
  now?: Date;
}): Promise<{ discount_code: DiscountCode }> {
  const { userId, query, locale } = options;
  const now = options.now ?? new Date();
  const db = await getDb();
  let code = query.code;
  if (query.welcome === 'true') {
    const [member] = await db.select({ paidUser: users.paidUser }).from(users).where(eq(users.id, userId));
    const [welcome] = await db
      .select({ code: discountCodes.code })
      .from(discountCodes)
      .where(and(eq(discountCodes.welcome, true), eq(discountCodes.status, 'active')))
      .orderBy(asc(discountCodes.id))
      .limit(1);
    if (!member || member.paidUser || !welcome) {
      throw new AppError('discount_not_found', { log: `no welcome code for member ${userId}` });
    }
    code = welcome.code;
  }
  if (!code) throw new AppError('discount_not_found', { log: 'discount code query without a code' });

  const order: DiscountOrder = { country: query.country, method: query.method };
  if (query.bundle !== undefined) {
    const [bundle] = await db
      .select({
        country: creditBundles.country,
        currency: creditBundles.currency,
        amount: creditBundles.amountMinor,
      })
      .from(creditBundles)
      .where(and(eq(creditBundles.id, query.bundle), eq(creditBundles.active, true)));
    if (!bundle) throw new AppError('not_found', { log: `bundle ${query.bundle} not on sale` });
    order.country ??= bundle.country;
    order.currency = bundle.currency;
    order.amountMinor = bundle.amount;
  }
  const resolved = await resolveDiscount({ userId, code, order, now, locale });
  return { discount_code: discountCodeView(resolved, now) };
}

/** The discount code object of the API (spec §3 "Discount code"). */
export function discountCodeView(resolved: ResolvedDiscount, now: Date): DiscountCode {
  const { code: row, expiresAt } = resolved;
  return {
    code: row.code,
    country: row.country,
    user_id: row.userId,
    expires: expiresAt ? expiresAt.toISOString() : null,
    value_percentage: row.valuePercentage,
    currency: row.currency,
    minimum_order_value: row.minimumOrderMinor,
    status: row.status,
    validity: row.validity,
    expired: expiresAt !== null && expiresAt.getTime() <= now.getTime(),
    paymentmethods: row.paymentMethods,
  };
}
