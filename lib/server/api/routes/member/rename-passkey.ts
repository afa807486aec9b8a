// PUT /api/passkeys.php: rename one of the member's passkeys
import { PasskeyRenameSchema, PasskeysSchema } from '@/lib/shared/schemas/passkeys';
import { renamePasskey } from '../../../passkeys/rename-passkey';
import { defineRoute } from '../../kit/define-route';
import { readSessionCookie } from '../../session-cookie';

export const renamePasskeyRoute = defineRoute('PUT /api/passkeys.php', {
  access: 'member',
  summary: 'Rename a passkey',
  body: PasskeyRenameSchema,
  response: { status: 200, description: 'The passkeys after the change', schema: PasskeysSchema },
  errors: ['not_found'],
  handler: ({ viewer, body, c }) =>
    renamePasskey({
      userId: viewer.userId,
      sessionToken: readSessionCookie(c) ?? '',
      passkeyId: body.id,
      name: body.name,
    }),
});
