// POST /api/reauthentication-challenge.php: a challenge to confirm it is the member with one of their passkeys
import { PasskeyOptionsSchema } from '@/lib/shared/schemas/passkeys';
import { startPasskeyConfirmation } from '../../../passkeys/confirm-sign-in';
import { defineRoute } from '../../kit/define-route';
import { relyingPartyOf } from '../../relying-party';
import { readSessionCookie } from '../../session-cookie';

export const startPasskeyConfirmationRoute = defineRoute('POST /api/reauthentication-challenge.php', {
  access: 'member',
  summary: 'Start confirming it is you with a passkey',
  response: {
    status: 200,
    description: 'Options for navigator.credentials.get()',
    schema: PasskeyOptionsSchema,
  },
  errors: ['passkey_unknown', 'passkey_unavailable'],
  handler: async ({ viewer, c }) =>
    startPasskeyConfirmation({
      userId: viewer.userId,
      sessionToken: readSessionCookie(c) ?? '',
      rp: await relyingPartyOf(c),
    }),
});
