import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import type { PaymentProviderName } from '../../../db/schema/payments';
import { AppError } from '../../../errors';
import { getPaymentProviderByName } from '../../../payments/get-payment-provider';
import { classifyProviderPaymentId, syncPayment } from '../../../payments/sync-payment';
import type { ApiEnv } from '../../context';
import type { RateLimitRule } from '../../kit/define-route';
import { clientIp, spendRateLimit } from '../../kit/request-guards';

/**
 * Calls about ids the app does not know, per address and minute. Only these are limited by address:
 * a provider calls about payments the app made, so its own calls never spend this, however many
 * payments change at once (and a flood from a shared or forged address cannot hold them back).
 */
export const UNKNOWN_PAYMENT_CALLS: RateLimitRule = {
  name: 'payment-webhook-unknown',
  limit: 60,
  windowSeconds: 60,
  per: 'address',
  store: 'memory',
};

/** Calls about one payment a minute: a provider calls once per change, so this only stops a flood. */
export const PAYMENT_CALLS: RateLimitRule = {
  name: 'payment-webhook-payment',
  limit: 60,
  windowSeconds: 60,
  per: 'subject',
  store: 'memory',
};

/** What a payment webhook answers: the provider only needs a 2xx. */
export const WebhookAnswerSchema = z.object({ received: z.boolean() });

const MAX_BODY = 2_048;
/** The payment ids each provider makes; anything else is refused before any work. */
const PAYMENT_IDS: Record<PaymentProviderName, RegExp> = {
  sandbox: /^tr_sbx_[A-Za-z0-9]{6,40}$/,
  mollie: /^tr_[A-Za-z0-9]{6,32}$/,
};

/**
 * A provider's notification (`id=tr_…` as a form body, Mollie's way). Nothing in it is believed:
 * the payment is fetched from the provider and synced. The id must look like the provider's (else
 * 400); an id the app does not know is answered 200 like any other, so the webhook tells a caller
 * nothing, and the provider is asked about it only while a new payment awaits its id (within
 * UNKNOWN_PAYMENT_CALLS per address). A failure to reach the provider is a 5xx, so the provider tries
 * again.
 */
export async function receivePaymentWebhook(c: Context<ApiEnv>, providerName: PaymentProviderName) {
  const text = await c.req.text();
  if (text.length > MAX_BODY) throw new AppError('payload_too_large');
  const id = new URLSearchParams(text).get('id')?.trim() ?? '';
  if (!PAYMENT_IDS[providerName].test(id)) {
    throw new AppError('malformed_request', { log: `webhook without a ${providerName} payment id` });
  }
  const kind = await classifyProviderPaymentId({ providerName, providerPaymentId: id });
  if (kind === 'known') {
    await spendRateLimit({
      rule: PAYMENT_CALLS,
      ip: clientIp(c),
      userId: null,
      subject: `${providerName}:${id}`,
    });
  } else {
    await spendRateLimit({ rule: UNKNOWN_PAYMENT_CALLS, ip: clientIp(c), userId: null });
    if (kind === 'unknown') return { received: false };
  }
  try {
    const payment = await syncPayment({
      providerPaymentId: id,
      provider: getPaymentProviderByName(providerName),
    });
    return { received: payment !== null };
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return { received: false };
    throw error;
  }
}
