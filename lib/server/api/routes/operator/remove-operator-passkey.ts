// DELETE /api/operator/passkeys.php: remove one of the operator's passkeys
import { OperatorPasskeyRemovalSchema, OperatorPasskeysSchema } from '@/lib/shared/schemas/passkeys';
import { removeOperatorPasskey } from '../../../operators/operator-passkeys';
import { defineRoute } from '../../kit/define-route';

export const removeOperatorPasskeyRoute = defineRoute('DELETE /api/operator/passkeys.php', {
  access: 'operator',
  summary: 'Remove a passkey of the console',
  body: OperatorPasskeyRemovalSchema,
  response: { status: 200, description: 'The passkeys after the removal', schema: OperatorPasskeysSchema },
  errors: ['not_found'],
  handler: async ({ operator, body, audit }) => {
    const { removed, ...result } = await removeOperatorPasskey({ session: operator, passkeyId: body.id });
    audit({
      action: 'operator.passkey_remove',
      subject: { type: 'operator', id: operator.operatorId },
      before: { passkey: removed.id, name: removed.name },
    });
    return result;
  },
});
