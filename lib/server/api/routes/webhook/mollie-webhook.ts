// POST /api/webhooks/mollie.php: Mollie reports a change of a payment (`id=tr_…`)
import { isPaymentProviderInstalled } from '../../../payments/get-payment-provider';
import { defineRoute } from '../../kit/define-route';
import { receivePaymentWebhook, WebhookAnswerSchema } from './payment-webhook';

export const mollieWebhookRoute = defineRoute('POST /api/webhooks/mollie.php', {
  access: 'webhook',
  summary: 'Mollie payment webhook',
  response: {
    status: 200,
    description: 'Received; the payment was re-fetched from Mollie and synced',
    schema: WebhookAnswerSchema,
  },
  errors: ['malformed_request', 'payload_too_large', 'rate_limited'],
  // Limited in the handler, by payment and (for ids the app does not know) by address.
  // Answers once the Mollie adapter is installed (get-payment-provider.ts), also after switching back.
  isEnabled: () => isPaymentProviderInstalled('mollie'),
  handler: ({ c }) => receivePaymentWebhook(c, 'mollie'),
});
