// POST /api/passkey-challenge.php: a challenge for signing in with a passkey (no address typed)
import { PasskeyOptionsSchema } from '@/lib/shared/schemas/passkeys';
import { startPasskeySignIn } from '../../../passkeys/start-passkey-sign-in';
import { defineRoute } from '../../kit/define-route';
import { relyingPartyOf } from '../../relying-party';

export const startPasskeySignInRoute = defineRoute('POST /api/passkey-challenge.php', {
  access: 'visitor',
  summary: 'Start a passkey sign-in',
  response: {
    status: 200,
    description: 'Options for navigator.credentials.get()',
    schema: PasskeyOptionsSchema,
  },
  errors: ['passkey_unavailable'],
  // Every login page asks for one (for the autofill), also from addresses many people share: the
  // budget per address is generous, and only keeps one address from filling the table.
  rateLimit: {
    name: 'passkey-challenges',
    limit: 200,
    windowSeconds: 900,
    per: 'address',
    store: 'database',
  },
  handler: async ({ c }) => startPasskeySignIn({ rp: await relyingPartyOf(c) }),
});
