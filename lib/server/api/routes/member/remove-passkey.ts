// DELETE /api/passkeys.php: remove one of the member's passkeys (needs a recent sign-in); the member is mailed
import { PasskeyRemovalSchema, PasskeysSchema } from '@/lib/shared/schemas/passkeys';
import { removePasskey } from '../../../passkeys/remove-passkey';
import { defineRoute } from '../../kit/define-route';
import { linkOrigin, readSessionCookie } from '../../session-cookie';

export const removePasskeyRoute = defineRoute('DELETE /api/passkeys.php', {
  access: 'member',
  summary: 'Remove a passkey',
  body: PasskeyRemovalSchema,
  response: { status: 200, description: 'The passkeys after the removal', schema: PasskeysSchema },
  errors: ['not_found', 'recent_sign_in_required', 'last_sign_in_method'],
  handler: async ({ viewer, body, host, c }) =>
    removePasskey({
      userId: viewer.userId,
      sessionToken: readSessionCookie(c) ?? '',
      passkeyId: body.id,
      host,
      origin: await linkOrigin(c),
    }),
});
