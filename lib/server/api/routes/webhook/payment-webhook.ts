import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import type { PaymentProviderName } from '../../../db/schema/payments';
import { AppError } from '../../../errors';
import { getPaymentProviderByName } from '../../../payments/get-payment-provider';
import { syncPayment } from '../../../payments/sync-payment';
import type { ApiEnv } from '../../context';
import type { RateLimitRule } from '../../kit/define-route';

/** Webhook calls one address may make a minute: generous for a provider, a brake on anyone else. */
export const WEBHOOK_CALLS: RateLimitRule = {
  name: 'payment-webhook',
  limit: 600,
  windowSeconds: 60,
  per: 'address',
  store: 'memory',
};

/** What a payment webhook answers: the provider only needs a 2xx. */
export const WebhookAnswerSchema = z.object({ received: z.boolean() });

const MAX_BODY = 2_048;
const PAYMENT_ID = /^tr_[A-Za-z0-9_]{4,64}$/;

/**
 * A provider's notification (`id=tr_…` as a form body, Mollie's way). Nothing in it is believed:
 * the payment is fetched from the provider and synced. An id the app does not know is answered 200
 * like any other, so the webhook tells a caller nothing; a failure to reach the provider is a 5xx,
 * so the provider tries again.
 */
export async function receivePaymentWebhook(c: Context<ApiEnv>, providerName: PaymentProviderName) {
  const text = await c.req.text();
  if (text.length > MAX_BODY) throw new AppError('payload_too_large');
  const id = new URLSearchParams(text).get('id')?.trim() ?? '';
  if (!PAYMENT_ID.test(id)) throw new AppError('malformed_request', { log: `webhook without a payment id` });
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
