// POST /api/reauthentication.php: confirm it is the member (password or passkey) before changing passkeys
import { PasskeysSchema, ReauthenticationSchema } from '@/lib/shared/schemas/passkeys';
import { confirmSignIn } from '../../../passkeys/confirm-sign-in';
import { defineRoute } from '../../kit/define-route';
import { relyingPartyOf } from '../../relying-party';
import { readSessionCookie } from '../../session-cookie';

export const confirmSignInRoute = defineRoute('POST /api/reauthentication.php', {
  access: 'member',
  summary: 'Confirm it is you',
  body: ReauthenticationSchema,
  response: {
    status: 200,
    description: 'Confirmed: the passkeys, with until when changes are allowed',
    schema: PasskeysSchema,
  },
  errors: [
    'field_invalid',
    'account_locked',
    'passkey_invalid',
    'passkey_unknown',
    'passkey_challenge_expired',
    'passkey_unavailable',
  ],
  handler: async ({ viewer, body, ip, c }) =>
    confirmSignIn({
      userId: viewer.userId,
      sessionToken: readSessionCookie(c) ?? '',
      ip,
      proof: body,
      rp: 'response' in body ? await relyingPartyOf(c) : null,
    }),
});
