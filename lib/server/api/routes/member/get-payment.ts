// GET /api/payment.php: one of the member's payments (the payment status page)
import { PaymentQuerySchema, PaymentResponseSchema } from '@/lib/shared/schemas/payments';
import { getPaymentOrThrow } from '../../../payments/get-payment';
import { defineRoute } from '../../kit/define-route';

export const getPaymentRoute = defineRoute('GET /api/payment.php', {
  access: 'member',
  summary: 'A payment',
  query: PaymentQuerySchema,
  response: { status: 200, description: 'The payment as its payer sees it', schema: PaymentResponseSchema },
  errors: ['not_found'],
  handler: async ({ viewer, query }) => ({
    payment: await getPaymentOrThrow({ userId: viewer.userId, paymentId: query.id }),
  }),
});
