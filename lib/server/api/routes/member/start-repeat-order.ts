// POST /api/repeatorder.php: buy the last bundle (or another of its country) again on the stored mandate
import { PaymentResponseSchema, RepeatOrderSchema } from '@/lib/shared/schemas/payments';
import { startRepeatOrder } from '../../../payments/repeat-order';
import { defineRoute } from '../../kit/define-route';
import { linkOrigin } from '../../session-cookie';
import { PAYMENT_STARTS } from './payment-limits';

export const startRepeatOrderRoute = defineRoute('POST /api/repeatorder.php', {
  access: 'member',
  summary: 'Place a repeat order',
  body: RepeatOrderSchema,
  isBodyOptional: true,
  response: {
    status: 201,
    description: 'The pending payment on the stored mandate',
    schema: PaymentResponseSchema,
  },
  errors: ['not_found', 'payment_unavailable', 'rate_limited'],
  rateLimit: PAYMENT_STARTS,
  handler: async ({ viewer, body, locale, c }) => ({
    payment: await startRepeatOrder({
      userId: viewer.userId,
      bundleId: body.bundle,
      origin: await linkOrigin(c),
      locale,
    }),
  }),
});
