// GET /api/transactions.php: the member's payments, newest first
import { PaymentsResponseSchema } from '@/lib/shared/schemas/payments';
import { listPayments } from '../../../payments/get-payment';
import { defineRoute } from '../../kit/define-route';

export const listTransactionsRoute = defineRoute('GET /api/transactions.php', {
  access: 'member',
  summary: 'The member’s payments',
  response: { status: 200, description: 'Payments, newest first', schema: PaymentsResponseSchema },
  handler: ({ viewer }) => listPayments({ userId: viewer.userId }),
});
