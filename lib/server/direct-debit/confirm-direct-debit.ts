import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Locale } from '@/lib/shared/locales';
import { discountedAmount, SMS_CODE } from '@/lib/shared/values/payments';
import { getDb } from '../db/client';
import { creditBundles, directDebitRequests, discountCodes } from '../db/schema/payments';
import { AppError } from '../errors';
import { assertDirectDebitAllowed, assertWithinDirectDebitLimit } from './direct-debit-rules';

/** Starts the payment of a verified direct-debit request (the payment core's part). */
export type StartVerifiedDirectDebit<P> = (options: { userId: number; requestId: number }) => Promise<P>;

type CodeCheck =
  { outcome: 'verified' } | { outcome: 'wrong'; attemptsLeft: number } | { outcome: 'expired' };

/**
 * `POST /api/directdebit-confirm.php`: checks the SMS code of the member's request. A wrong code
 * costs an attempt (`sms_code_invalid` with the attempts left); after the last attempt, or once the
 * code's time is up, the code is expired (`sms_code_expired`) and a new one must be requested. The
 * right code marks the request verified (once), and the payment is started.
 */
export async function confirmDirectDebit<P>(options: {
  userId: number;
  requestId: number;
  smsCode: string;
  locale: Locale;
  startPayment: StartVerifiedDirectDebit<P>;
  now?: Date;
}): Promise<P> {
  const { userId, requestId, locale } = options;
  const now = options.now ?? new Date();
  const db = await getDb();

  const check = await db.transaction(async (tx): Promise<CodeCheck> => {
    const [request] = await tx
      .select()
      .from(directDebitRequests)
      .where(and(eq(directDebitRequests.id, requestId), eq(directDebitRequests.userId, userId)))
      .for('update');
    if (!request)
      throw new AppError('not_found', { log: `no direct debit request ${requestId} of ${userId}` });
    if (
      request.verifiedAt ||
      request.attempts >= SMS_CODE.maxAttempts ||
      request.codeExpiresAt.getTime() <= now.getTime()
    ) {
      return { outcome: 'expired' };
    }
    if (!isSmsCode(options.smsCode.trim(), request.codeHash)) {
      const [counted] = await tx
        .update(directDebitRequests)
        .set({ attempts: sql`${directDebitRequests.attempts} + 1` })
        .where(eq(directDebitRequests.id, request.id))
        .returning({ attempts: directDebitRequests.attempts });
      const attemptsLeft = SMS_CODE.maxAttempts - (counted?.attempts ?? SMS_CODE.maxAttempts);
      return attemptsLeft > 0 ? { outcome: 'wrong', attemptsLeft } : { outcome: 'expired' };
    }
    // Standing and limit again: other payments may have changed them since the code was sent.
    const [bundle] = await tx
      .select({ currency: creditBundles.currency, amount: creditBundles.amountMinor })
      .from(creditBundles)
      .where(eq(creditBundles.id, request.bundleId));
    const [discount] = request.discountCodeId
      ? await tx
          .select({ percentage: discountCodes.valuePercentage })
          .from(discountCodes)
          .where(eq(discountCodes.id, request.discountCodeId))
      : [];
    await assertDirectDebitAllowed(tx, userId);
    if (bundle) {
      await assertWithinDirectDebitLimit(tx, {
        userId,
        currency: bundle.currency,
        amountMinor: discountedAmount(bundle.amount, discount?.percentage ?? 0),
        locale,
      });
    }
    await tx
      .update(directDebitRequests)
      .set({ verifiedAt: now })
      .where(eq(directDebitRequests.id, request.id));
    return { outcome: 'verified' };
  });

  if (check.outcome === 'expired') {
    throw new AppError('sms_code_expired', {
      log: `direct debit request ${requestId}: code expired or used up`,
    });
  }
  if (check.outcome === 'wrong') {
    throw new AppError('sms_code_invalid', {
      field: 'sms_code',
      values: { attempts: check.attemptsLeft },
      log: `direct debit request ${requestId}: wrong code, ${check.attemptsLeft} left`,
    });
  }
  return options.startPayment({ userId, requestId });
}

/** Whether `code` is the one hashed in `stored` (see hashSmsCode), compared in constant time. */
export function isSmsCode(code: string, stored: string): boolean {
  const [salt, hash] = stored.split(':');
  if (!salt || !hash) return false;
  const candidate = createHash('sha256').update(`${salt}:${code}`).digest();
  const expected = Buffer.from(hash, 'hex');
  return expected.length === candidate.length && timingSafeEqual(candidate, expected);
}
