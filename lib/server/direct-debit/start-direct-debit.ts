import 'server-only';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import type { z } from 'zod';
import { countryValues } from '@/lib/shared/country-phrases';
import { isLocale, type Locale } from '@/lib/shared/locales';
import type { DirectDebitSchema } from '@/lib/shared/schemas/payments';
import { discountedAmount, methodsForCountry, SMS_CODE } from '@/lib/shared/values/payments';
import { errorMessage } from '../api/i18n';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { creditBundles, directDebitRequests } from '../db/schema/payments';
import { resolveDiscount } from '../discounts/resolve-discount';
import { AppError } from '../errors';
import { SERVER_MESSAGES } from '../i18n/messages';
import { maskNumber } from '../sms/outbox-sms-sender';
import { sendSms } from '../sms/send-sms';
import { assertDirectDebitAllowed, assertWithinDirectDebitLimit, formatMinor } from './direct-debit-rules';
import { checkIban, checkMobile, type BankDetailsProblem } from './validate-bank-details';

export type DirectDebitInput = z.infer<typeof DirectDebitSchema>;

/**
 * `POST /api/directdebit.php` (spec §5): checks the form (IBAN by its country's rules, the mobile
 * number of the payment country), the account's standing (not blocked, under the open direct-debit
 * limit) and the discount code, then stores the request with a hashed SMS code and texts the code
 * to the member in the member's language.
 */
export async function startDirectDebit(options: {
  userId: number;
  input: DirectDebitInput;
  locale: Locale;
  now?: Date;
}): Promise<{ request: number; sent_to: string; expires: string }> {
  const { userId, input, locale } = options;
  const now = options.now ?? new Date();
  const db = await getDb();

  const [bundle] = await db
    .select()
    .from(creditBundles)
    .where(and(eq(creditBundles.id, input.bundle), eq(creditBundles.active, true)));
  if (!bundle || bundle.country !== input.country) {
    throw new AppError('not_found', { log: `bundle ${input.bundle} not on sale in ${input.country}` });
  }
  if (!methodsForCountry(input.country).includes('directdebit')) {
    throw new AppError('field_invalid', {
      field: 'country',
      messageKey: 'direct_debit_country',
      values: countryValues(locale, input.country),
    });
  }

  const iban = checkIban(input.iban);
  const mobile = checkMobile(input.mobile, input.country);
  const problems: Partial<Record<'iban' | 'mobile', BankDetailsProblem>> = {};
  if (!iban.ok) problems.iban = iban.problem;
  if (!mobile.ok) problems.mobile = mobile.problem;
  const [first] = Object.entries(problems);
  if (first) {
    const values = countryValues(locale, input.country);
    const fields = Object.fromEntries(
      Object.entries(problems).map(([field, key]) => [field, errorMessage(locale, key, values)]),
    );
    throw new AppError('field_invalid', {
      field: first[0],
      messageKey: first[1],
      values,
      fields,
      log: `direct debit form of ${userId}: ${JSON.stringify(problems)}`,
    });
  }
  if (!iban.ok || !mobile.ok) throw new Error('unreachable');

  await assertDirectDebitAllowed(db, userId);
  let discountCodeId: number | null = null;
  let percentage = 0;
  if (input.code) {
    const resolved = await resolveDiscount({
      userId,
      code: input.code,
      order: {
        country: input.country,
        currency: bundle.currency,
        amountMinor: bundle.amountMinor,
        method: 'directdebit',
      },
      now,
      locale,
    });
    discountCodeId = resolved.code.id;
    percentage = resolved.code.valuePercentage;
  }
  const amountMinor = discountedAmount(bundle.amountMinor, percentage);
  await assertWithinDirectDebitLimit(db, { userId, currency: bundle.currency, amountMinor, locale });

  const code = String(randomInt(0, 10 ** SMS_CODE.length)).padStart(SMS_CODE.length, '0');
  const expiresAt = new Date(now.getTime() + SMS_CODE.ttlSeconds * 1000);
  const [request] = await db
    .insert(directDebitRequests)
    .values({
      userId,
      bundleId: bundle.id,
      discountCodeId,
      accountHolder: input.account_holder,
      iban: iban.value,
      street: input.street,
      houseNumber: input.house_number,
      postalCode: input.postal_code,
      city: input.city,
      country: input.country,
      mobile: mobile.value,
      codeHash: hashSmsCode(code),
      codeExpiresAt: expiresAt,
    })
    .returning({ id: directDebitRequests.id });
  if (!request) throw new Error('no direct debit request inserted');

  const [member] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  const smsLocale: Locale = member && isLocale(member.language) ? member.language : locale;
  const t = createTranslator({ locale: smsLocale, messages: SERVER_MESSAGES[smsLocale], namespace: 'Sms' });
  await sendSms({
    to: mobile.value,
    text: t('directDebitCode', {
      code,
      amount: formatMinor(amountMinor, bundle.currency, smsLocale),
      minutes: Math.round(SMS_CODE.ttlSeconds / 60),
    }),
  });
  return { request: request.id, sent_to: maskNumber(mobile.value), expires: expiresAt.toISOString() };
}

/** The stored form of an SMS code: a random salt and the SHA-256 of salt and code. */
export function hashSmsCode(code: string): string {
  const salt = randomBytes(12).toString('hex');
  return `${salt}:${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}
