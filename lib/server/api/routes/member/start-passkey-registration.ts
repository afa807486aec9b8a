// POST /api/passkey-registration.php: the options to make a new passkey (needs a recent sign-in)
import { PasskeyOptionsSchema } from '@/lib/shared/schemas/passkeys';
import { startPasskeyRegistration } from '../../../passkeys/start-passkey-registration';
import { defineRoute } from '../../kit/define-route';
import { relyingPartyOf } from '../../relying-party';
import { readSessionCookie } from '../../session-cookie';

export const startPasskeyRegistrationRoute = defineRoute('POST /api/passkey-registration.php', {
  access: 'member',
  summary: 'Start adding a passkey',
  response: {
    status: 200,
    description: 'Options for navigator.credentials.create()',
    schema: PasskeyOptionsSchema,
  },
  errors: ['recent_sign_in_required', 'passkey_limit', 'passkey_unavailable'],
  handler: async ({ viewer, c }) =>
    startPasskeyRegistration({
      userId: viewer.userId,
      sessionToken: readSessionCookie(c) ?? '',
      rp: await relyingPartyOf(c),
    }),
});
