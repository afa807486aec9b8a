// POST /api/operator/passkey-registration.php: options to make a passkey for the console (after a code of the app)
import { getCookie } from 'hono/cookie';
import { PasskeyOptionsSchema } from '@/lib/shared/schemas/passkeys';
import { OPERATOR_COOKIE } from '../../../operators/operator-sessions';
import { startOperatorPasskeyRegistration } from '../../../operators/operator-passkeys';
import { defineRoute } from '../../kit/define-route';
import { relyingPartyOf } from '../../relying-party';

export const startOperatorPasskeyRegistrationRoute = defineRoute(
  'POST /api/operator/passkey-registration.php',
  {
    access: 'operator',
    summary: 'Start adding a passkey for the console',
    response: {
      status: 200,
      description: 'Options for navigator.credentials.create()',
      schema: PasskeyOptionsSchema,
    },
    errors: ['recent_sign_in_required', 'passkey_limit', 'passkey_unavailable'],
    handler: async ({ operator, c }) =>
      startOperatorPasskeyRegistration({
        session: operator,
        sessionToken: getCookie(c, OPERATOR_COOKIE) ?? '',
        rp: await relyingPartyOf(c),
      }),
  },
);
