// GET /api/ledger.php: the member's credit history, newest first
import { CreditLedgerResponseSchema } from '@/lib/shared/schemas/credits';
import { listCreditLedger } from '../../../credits/list-credit-ledger';
import { defineRoute } from '../../kit/define-route';

export const listCreditLedgerRoute = defineRoute('GET /api/ledger.php', {
  access: 'member',
  summary: 'The member’s credit history',
  response: {
    status: 200,
    description: 'Changes of the credits, newest first',
    schema: CreditLedgerResponseSchema,
  },
  handler: ({ viewer }) => listCreditLedger({ userId: viewer.userId }),
});
