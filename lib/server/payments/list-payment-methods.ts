import 'server-only';
import { getDb } from '../db/client';
import { getPaymentProvider } from './get-payment-provider';
import { getBundleOrThrow } from './open-payment';
import { getPaymentAccount } from './payment-accounts';

/** The methods the payment service offers for a bundle in a payment country (GET /api/paymentmethods.php). */
export async function listPaymentMethods(options: {
  userId: number;
  country: string;
  bundleId: number;
  locale: string;
}) {
  const bundle = await getBundleOrThrow({ bundleId: options.bundleId, country: options.country });
  const methods = await getPaymentProvider().listMethods({
    country: options.country,
    amountMinor: bundle.amountMinor,
    currency: bundle.currency,
    sequence: 'oneoff',
    locale: options.locale,
  });
  const account = await getPaymentAccount(await getDb(), options.userId);
  return { country: options.country, methods, direct_debit_blocked: !!account?.directDebitBlockedAt };
}
