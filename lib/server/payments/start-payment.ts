import 'server-only';
import { discountedAmount, type Payment, type PaymentMethod } from '@/lib/shared/schemas/payments';
import { resolveDiscount } from '../discounts/resolve-discount';
import { AppError } from '../errors';
import { getPaymentProvider } from './get-payment-provider';
import { getBundleOrThrow, openPayment } from './open-payment';
import { ensureProviderCustomer, rememberPaymentCountry } from './payment-accounts';

/**
 * Starts buying a bundle (POST /api/payment.php): the price is the bundle's, less the discount of
 * `code` when it applies; a card payment is a `first` payment, so paying it stores the card for
 * repeat orders. The payer then goes to the answer's `checkout_url`. Direct debit has its own path
 * (form, SMS code: startDirectDebitPayment).
 */
export async function startPayment(options: {
  userId: number;
  bundleId: number;
  method: PaymentMethod;
  country: string;
  code?: string;
  origin: string;
  locale: string;
}): Promise<Payment> {
  if (options.method === 'directdebit') {
    throw new AppError('payment_unavailable', { log: 'direct debit goes through the direct-debit form' });
  }
  const bundle = await getBundleOrThrow({ bundleId: options.bundleId, country: options.country });
  const provider = getPaymentProvider();
  const methods = await provider.listMethods({
    country: options.country,
    amountMinor: bundle.amountMinor,
    currency: bundle.currency,
    sequence: 'oneoff',
    locale: options.locale,
  });
  if (!methods.includes(options.method)) {
    throw new AppError('payment_unavailable', { log: `${options.method} not offered in ${options.country}` });
  }
  const discount = options.code
    ? await resolveDiscount({
        userId: options.userId,
        code: options.code,
        order: {
          country: options.country,
          currency: bundle.currency,
          amountMinor: bundle.amountMinor,
          method: options.method,
        },
      })
    : null;
  const isCard = options.method === 'creditcard';
  const customerId = isCard ? await ensureProviderCustomer({ userId: options.userId, provider }) : undefined;
  return openPayment({
    userId: options.userId,
    bundle,
    country: options.country,
    method: options.method,
    sequence: isCard ? 'first' : 'oneoff',
    provider,
    origin: options.origin,
    locale: options.locale,
    customerId,
    discount: discount
      ? {
          codeId: discount.code.id,
          percentage: discount.code.valuePercentage,
          amountMinor: discountedAmount(bundle.amountMinor, discount.code.valuePercentage),
        }
      : undefined,
    withRow: (tx) => rememberPaymentCountry(tx, options.userId, options.country),
  });
}
