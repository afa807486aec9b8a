// POST /api/payment.php: start buying a bundle; the browser then goes to the checkout URL
import { PaymentResponseSchema, StartPaymentSchema } from '@/lib/shared/schemas/payments';
import { startPayment } from '../../../payments/start-payment';
import { defineRoute } from '../../kit/define-route';
import { linkOrigin } from '../../session-cookie';
import { PAYMENT_STARTS } from './payment-limits';

export const startPaymentRoute = defineRoute('POST /api/payment.php', {
  access: 'member',
  summary: 'Start a payment',
  body: StartPaymentSchema,
  response: {
    status: 201,
    description: 'The pending payment with its checkout URL',
    schema: PaymentResponseSchema,
  },
  errors: [
    'not_found',
    'payment_unavailable',
    'discount_not_found',
    'discount_used',
    'discount_reserved',
    'discount_not_applicable',
    'rate_limited',
  ],
  rateLimit: PAYMENT_STARTS,
  handler: async ({ viewer, body, locale, c }) => ({
    payment: await startPayment({
      userId: viewer.userId,
      bundleId: body.bundle,
      method: body.method,
      country: body.country,
      code: body.code,
      origin: await linkOrigin(c),
      locale,
    }),
  }),
});
