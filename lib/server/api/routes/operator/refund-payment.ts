// POST /api/operator/refund.php: refund a paid payment through its provider, once
import { RefundSchema, RefundedSchema } from '@/lib/shared/schemas/operator-support';
import { refundPayment } from '../../../payments/refund-payment';
import { defineRoute } from '../../kit/define-route';

export const refundPaymentRoute = defineRoute('POST /api/operator/refund.php', {
  access: 'operator',
  roles: ['support'],
  summary: 'Refund a payment',
  body: RefundSchema,
  response: { status: 200, description: 'The payment, refunded', schema: RefundedSchema },
  errors: ['not_found', 'payment_unavailable'],
  handler: async ({ body, audit }) => {
    const { userId, before, payment, credits } = await refundPayment({ paymentId: body.payment });
    audit({
      action: 'payment.refund',
      subject: { type: 'member', id: userId },
      before: { payment: before.id, status: before.status, reversed_amount: before.reversed_amount },
      after: {
        payment: payment.id,
        reversed_amount: payment.reversed_amount,
        unrecovered_credits: payment.unrecovered_credits,
        credits,
      },
    });
    return { payment, credits };
  },
});
