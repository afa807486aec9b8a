// POST /api/operator/second-factor.php?passkey=1: one of the operator's passkeys opens the console (the second factor)
import { getCookie } from 'hono/cookie';
import { OperatorSchema } from '@/lib/shared/schemas/operators';
import { PasskeyLoginSchema } from '@/lib/shared/schemas/passkeys';
import { getOperatorOrThrow } from '../../../operators/get-operator';
import { OPERATOR_COOKIE } from '../../../operators/operator-sessions';
import { verifyPasskeySecondFactor } from '../../../operators/passkey-second-factor';
import { defineRoute } from '../../kit/define-route';
import { relyingPartyOf } from '../../relying-party';

export const verifyPasskeySecondFactorRoute = defineRoute('POST /api/operator/second-factor.php?passkey=1', {
  access: 'operator',
  isSecondFactorStep: true,
  summary: 'Give a passkey as the second factor',
  body: PasskeyLoginSchema,
  response: { status: 200, description: 'The console is open', schema: OperatorSchema },
  errors: [
    'passkey_invalid',
    'passkey_unknown',
    'passkey_challenge_expired',
    'passkey_unavailable',
    'second_factor_invalid',
    'account_locked',
  ],
  handler: async ({ operator, body, c, audit }) => {
    const passkey = await verifyPasskeySecondFactor({
      operatorId: operator.operatorId,
      sessionToken: getCookie(c, OPERATOR_COOKIE) ?? '',
      response: body.response,
      rp: await relyingPartyOf(c),
    });
    audit({
      action: 'operator.second_factor',
      subject: { type: 'operator', id: operator.operatorId },
      after: { method: 'passkey', passkey: passkey.passkeyId, name: passkey.name },
    });
    return getOperatorOrThrow({ operatorId: operator.operatorId, isVerified: true });
  },
});
