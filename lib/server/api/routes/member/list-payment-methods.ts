// GET /api/paymentmethods.php: the payment methods offered for a bundle in a payment country
import { PaymentMethodsQuerySchema, PaymentMethodsResponseSchema } from '@/lib/shared/schemas/payments';
import { listPaymentMethods } from '../../../payments/list-payment-methods';
import { defineRoute } from '../../kit/define-route';

export const listPaymentMethodsRoute = defineRoute('GET /api/paymentmethods.php', {
  access: 'member',
  summary: 'Payment methods',
  query: PaymentMethodsQuerySchema,
  response: {
    status: 200,
    description: 'The methods, and whether direct debit is blocked',
    schema: PaymentMethodsResponseSchema,
  },
  errors: ['not_found'],
  handler: ({ viewer, query, locale }) =>
    listPaymentMethods({ userId: viewer.userId, country: query.country, bundleId: query.bundle, locale }),
});
