import 'server-only';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { DIRECT_DEBIT_OPEN_LIMIT_MINOR } from '@/lib/shared/values/payments';
import type { Locale } from '@/lib/shared/locales';
import type { DbOrTx } from '../db/client';
import { paymentAccounts, payments } from '../db/schema/payments';
import { AppError } from '../errors';

/** Refuses direct debit to an account blocked for it (after a chargeback). */
export async function assertDirectDebitAllowed(db: DbOrTx, userId: number): Promise<void> {
  const [account] = await db
    .select({ blockedAt: paymentAccounts.directDebitBlockedAt })
    .from(paymentAccounts)
    .where(eq(paymentAccounts.userId, userId));
  if (account?.blockedAt) {
    throw new AppError('direct_debit_blocked', {
      log: `direct debit blocked for ${userId} since ${account.blockedAt.toISOString()}`,
    });
  }
}

/**
 * Refuses a direct debit of `amountMinor` when it and the member's open direct-debit payments in
 * that currency (open or pending; `paymentId` is the new payment itself, not counted twice) would go
 * over DIRECT_DEBIT_OPEN_LIMIT_MINOR. Decisive only in the transaction that creates the payment,
 * under the member's payment account lock (lockPaymentAccount); elsewhere it refuses early.
 */
export async function assertWithinDirectDebitLimit(
  db: DbOrTx,
  options: { userId: number; currency: string; amountMinor: number; locale: Locale; paymentId?: number },
): Promise<void> {
  const [open] = await db
    .select({ total: sql<string | number | null>`coalesce(sum(${payments.amountMinor}), 0)` })
    .from(payments)
    .where(
      and(
        eq(payments.userId, options.userId),
        eq(payments.method, 'directdebit'),
        eq(payments.currency, options.currency),
        inArray(payments.status, ['open', 'pending']),
        options.paymentId === undefined ? undefined : ne(payments.id, options.paymentId),
      ),
    );
  const openMinor = Number(open?.total ?? 0);
  if (openMinor + options.amountMinor > DIRECT_DEBIT_OPEN_LIMIT_MINOR) {
    throw new AppError('direct_debit_limit', {
      values: { limit: formatMinor(DIRECT_DEBIT_OPEN_LIMIT_MINOR, options.currency, options.locale) },
      log: `direct debit limit for ${options.userId}: ${openMinor} open + ${options.amountMinor}`,
    });
  }
}

/** An amount in minor units as money in the language. */
export function formatMinor(amountMinor: number, currency: string, locale: Locale): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}
