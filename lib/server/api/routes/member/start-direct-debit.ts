// POST /api/directdebit.php: the direct-debit form; texts an SMS code to confirm it
import { DirectDebitSchema, DirectDebitStartedSchema } from '@/lib/shared/schemas/payments';
import { startDirectDebit } from '../../../direct-debit/start-direct-debit';
import { defineRoute } from '../../kit/define-route';

export const startDirectDebitRoute = defineRoute('POST /api/directdebit.php', {
  access: 'member',
  summary: 'Start a direct debit',
  body: DirectDebitSchema,
  response: { status: 201, description: 'The SMS code was sent', schema: DirectDebitStartedSchema },
  errors: [
    'not_found',
    'field_invalid',
    'direct_debit_blocked',
    'direct_debit_limit',
    'discount_not_found',
    'discount_used',
    'discount_reserved',
    'discount_not_applicable',
    'rate_limited',
  ],
  // Every call texts a code: a few per member and hour (a new code included).
  rateLimit: {
    name: 'direct-debit-codes',
    limit: 5,
    windowSeconds: 3_600,
    per: 'member-or-address',
    store: 'database',
  },
  handler: ({ viewer, body, locale }) => startDirectDebit({ userId: viewer.userId, input: body, locale }),
});
