import 'server-only';
import type { OperatorBundle, OperatorDiscountCode } from '@/lib/shared/schemas/operator-sites';
import type { creditBundles, discountCodes } from '../db/schema/payments';

/** A bundle as the console shows it. */
export function toOperatorBundle(row: typeof creditBundles.$inferSelect): OperatorBundle {
  return {
    id: row.id,
    country: row.country,
    currency: row.currency,
    credits: row.credits,
    amount: row.amountMinor,
    best_value: row.bestValue,
    position: row.position,
    active: row.active,
  };
}

/** A discount code as the console shows it, with how often it was used. */
export function toOperatorDiscountCode(
  row: typeof discountCodes.$inferSelect,
  redemptions: number,
): OperatorDiscountCode {
  return {
    id: row.id,
    code: row.code,
    country: row.country,
    user_id: row.userId,
    expires: row.expiresAt?.toISOString() ?? null,
    value_percentage: row.valuePercentage,
    currency: row.currency,
    minimum_order_value: row.minimumOrderMinor,
    status: row.status,
    validity: row.validity,
    payment_methods: row.paymentMethods,
    welcome: row.welcome,
    welcome_hours: row.welcomeHours,
    redemptions,
  };
}
