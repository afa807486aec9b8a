// GET /api/operator/passkeys.php: the operator's passkeys, and whether this session may add one
import { OperatorPasskeysSchema } from '@/lib/shared/schemas/passkeys';
import { listOperatorPasskeys } from '../../../operators/operator-passkeys';
import { defineRoute } from '../../kit/define-route';

export const listOperatorPasskeysRoute = defineRoute('GET /api/operator/passkeys.php', {
  access: 'operator',
  summary: 'The operator’s passkeys',
  response: { status: 200, description: 'The passkeys, oldest first', schema: OperatorPasskeysSchema },
  handler: ({ operator }) => listOperatorPasskeys({ session: operator }),
});
