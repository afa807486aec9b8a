// POST /api/webhooks/sandbox.php: the sandbox provider reports a change of a payment (`id=tr_sbx_…`)
import { isPaymentProviderInstalled } from '../../../payments/get-payment-provider';
import { defineRoute } from '../../kit/define-route';
import { receivePaymentWebhook, WebhookAnswerSchema } from './payment-webhook';

export const sandboxWebhookRoute = defineRoute('POST /api/webhooks/sandbox.php', {
  access: 'webhook',
  summary: 'Sandbox payment webhook',
  response: {
    status: 200,
    description: 'Received; the payment was re-fetched and synced',
    schema: WebhookAnswerSchema,
  },
  errors: ['malformed_request', 'payload_too_large', 'rate_limited'],
  // Limited in the handler, by payment and (for ids the app does not know) by address.
  isEnabled: () => isPaymentProviderInstalled('sandbox'),
  handler: ({ c }) => receivePaymentWebhook(c, 'sandbox'),
});
