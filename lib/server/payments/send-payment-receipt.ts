import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { localCountryName } from '@/lib/shared/company';
import { formatMemberTime, memberTimeZone } from '@/lib/shared/time-zones';
import { getDb } from '../db/client';
import { discountCodes, payments } from '../db/schema/payments';
import { sites } from '../db/schema/reference';
import { users } from '../db/schema/auth';
import { profiles } from '../db/schema/members';
import { findAccount } from '../auth/find-account';
import { getCompanyInfoOrThrow } from '../company/get-company-info';
import { sendMail } from '../mail/send-mail';
import { siteOrigin } from '../settings/site-origin';

/** Brand names of payment methods (the methods without one are worded in the member's language). */
const METHOD_NAMES: Record<string, string> = {
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  creditcard: 'Credit card',
  paypal: 'PayPal',
  banktransfer: 'Bank transfer',
  directdebit: 'SEPA Direct Debit',
  blik: 'BLIK',
  eps: 'EPS',
  przelewy24: 'Przelewy24',
  twint: 'TWINT',
  trustly: 'Trustly',
  applepay: 'Apple Pay',
  klarna: 'Klarna',
  mobilepay: 'MobilePay',
  vipps: 'Vipps',
  belfius: 'Belfius',
  kbc: 'KBC/CBC',
};

/** The receipt's number as the member quotes it. */
export const receiptReference = (paymentId: number) => `LL-${String(paymentId).padStart(6, '0')}`;

/**
 * Mails the receipt of a completed purchase, once: the payment is marked as sent before the mail
 * goes out, and unmarked if it could not be sent (the job tries again).
 */
export async function sendPaymentReceipt(options: { paymentId: number }): Promise<boolean> {
  const db = await getDb();
  const now = new Date();
  const [claimed] = await db
    .update(payments)
    .set({ receiptSentAt: now })
    .where(
      and(eq(payments.id, options.paymentId), eq(payments.status, 'paid'), isNull(payments.receiptSentAt)),
    )
    .returning();
  if (!claimed) return false;
  try {
    const account = await findAccount({ userId: claimed.userId });
    // An account anonymised since has no address to write to.
    if (!account || account.deletedAt) return false;
    const [site] = await db
      .select({ domain: sites.domain, timeZone: users.timeZone, country: profiles.country })
      .from(users)
      .innerJoin(sites, eq(sites.id, users.siteId))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, claimed.userId));
    const host = site && site.domain !== 'default' ? site.domain : null;
    // The member's own clock: their browser's zone, else their country's, else the payment country's.
    const timeZone = memberTimeZone({
      timeZone: site?.timeZone ?? null,
      countries: [site?.country, claimed.country],
    });
    const [code] = claimed.discountCodeId
      ? await db
          .select({ code: discountCodes.code })
          .from(discountCodes)
          .where(eq(discountCodes.id, claimed.discountCodeId))
      : [];
    const company = await getCompanyInfoOrThrow({ host });
    const locale = account.language;
    const money = (minor: number) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency: claimed.currency }).format(
        minor / 10 ** currencyDigits(claimed.currency),
      );
    const origin = await siteOrigin({ host, isTls: false });
    await sendMail({
      to: account.email,
      kind: 'payment_receipt',
      locale,
      host,
      values: {
        name: account.name,
        link: `${origin}/transactions`,
        reference: receiptReference(claimed.id),
        date: formatMemberTime(claimed.paidAt ?? now, { locale, timeZone }),
        credits: claimed.credits,
        price: money(claimed.listAmountMinor),
        amount: money(claimed.amountMinor),
        discount:
          code && claimed.discountPercentage > 0
            ? {
                code: code.code,
                percentage: claimed.discountPercentage,
                amount: money(claimed.listAmountMinor - claimed.amountMinor),
              }
            : null,
        method: claimed.method,
        methodName: METHOD_NAMES[claimed.method] ?? claimed.method,
        seller: {
          name: company.name,
          address: company.address,
          city: company.city,
          country: localCountryName(company.country, locale),
          kvk: company.kvk,
          vat: company.vat_numbers.join(', '),
        },
      },
    });
    return true;
  } catch (error) {
    await db.update(payments).set({ receiptSentAt: null }).where(eq(payments.id, claimed.id));
    throw error;
  }
}

/** Digits after the decimal point of a currency (2 for EUR, 0 for a few). */
function currencyDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}
