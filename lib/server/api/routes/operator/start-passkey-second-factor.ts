// POST /api/operator/passkey-challenge.php: a challenge for giving a passkey as the second factor
import { getCookie } from 'hono/cookie';
import { PasskeyOptionsSchema } from '@/lib/shared/schemas/passkeys';
import { OPERATOR_COOKIE } from '../../../operators/operator-sessions';
import { startPasskeySecondFactor } from '../../../operators/passkey-second-factor';
import { defineRoute } from '../../kit/define-route';
import { relyingPartyOf } from '../../relying-party';

export const startPasskeySecondFactorRoute = defineRoute('POST /api/operator/passkey-challenge.php', {
  access: 'operator',
  isSecondFactorStep: true,
  summary: 'Start the second factor with a passkey',
  response: {
    status: 200,
    description: 'Options for navigator.credentials.get()',
    schema: PasskeyOptionsSchema,
  },
  errors: ['passkey_unknown', 'passkey_unavailable'],
  handler: async ({ operator, c }) =>
    startPasskeySecondFactor({
      operatorId: operator.operatorId,
      sessionToken: getCookie(c, OPERATOR_COOKIE) ?? '',
      rp: await relyingPartyOf(c),
    }),
});
