// POST /api/directdebit-confirm.php: the SMS code of a direct debit; starts the payment
import { DirectDebitConfirmSchema, PaymentResponseSchema } from '@/lib/shared/schemas/payments';
import { confirmDirectDebit } from '../../../direct-debit/confirm-direct-debit';
import { startDirectDebitPayment } from '../../../payments/start-direct-debit-payment';
import { defineRoute } from '../../kit/define-route';
import { linkOrigin } from '../../session-cookie';

export const confirmDirectDebitRoute = defineRoute('POST /api/directdebit-confirm.php', {
  access: 'member',
  summary: 'Confirm a direct debit with the SMS code',
  body: DirectDebitConfirmSchema,
  response: { status: 201, description: 'The pending direct-debit payment', schema: PaymentResponseSchema },
  errors: [
    'not_found',
    'sms_code_invalid',
    'sms_code_expired',
    'direct_debit_blocked',
    'direct_debit_limit',
    'discount_used',
    'discount_reserved',
    'payment_unavailable',
  ],
  handler: async ({ viewer, body, locale, c }) => {
    const origin = await linkOrigin(c);
    const payment = await confirmDirectDebit({
      userId: viewer.userId,
      requestId: body.request,
      smsCode: body.sms_code,
      locale,
      startPayment: ({ userId, requestId }) => startDirectDebitPayment({ userId, requestId, origin, locale }),
    });
    return { payment };
  },
});
