// POST /api/user.php?passkey=1: log in with a passkey
import { PasskeyLoginSchema } from '@/lib/shared/schemas/passkeys';
import { UserResponseSchema } from '@/lib/shared/schemas/user';
import { getUserOrThrow } from '../../../auth/get-user';
import { logInWithPasskey } from '../../../passkeys/log-in-with-passkey';
import { defineRoute } from '../../kit/define-route';
import { relyingPartyOf } from '../../relying-party';
import { setSessionCookie } from '../../session-cookie';

export const logInWithPasskeyRoute = defineRoute('POST /api/user.php?passkey=1', {
  access: 'visitor',
  summary: 'Log in with a passkey',
  body: PasskeyLoginSchema,
  response: { status: 200, description: 'Logged in', schema: UserResponseSchema },
  errors: [
    'passkey_invalid',
    'passkey_unknown',
    'passkey_challenge_expired',
    'passkey_unavailable',
    'account_locked',
    'account_pending_deletion',
    'account_suspended',
    'account_banned',
  ],
  handler: async ({ body, ip, locale, c }) => {
    const session = await logInWithPasskey({
      response: body.response,
      rp: await relyingPartyOf(c),
      ip,
      locale,
    });
    setSessionCookie(c, session.token);
    return { user: await getUserOrThrow({ userId: session.userId }) };
  },
});
