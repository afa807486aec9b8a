// POST /api/operator/passkeys.php: store the passkey the browser made for the console
import { getCookie } from 'hono/cookie';
import { AddedOperatorPasskeySchema, PasskeyRegistrationSchema } from '@/lib/shared/schemas/passkeys';
import { OPERATOR_COOKIE } from '../../../operators/operator-sessions';
import { addOperatorPasskey } from '../../../operators/operator-passkeys';
import { defineRoute } from '../../kit/define-route';
import { relyingPartyOf } from '../../relying-party';

export const addOperatorPasskeyRoute = defineRoute('POST /api/operator/passkeys.php', {
  access: 'operator',
  summary: 'Add a passkey for the console',
  body: PasskeyRegistrationSchema,
  response: {
    status: 201,
    description: 'The passkeys, with the new one',
    schema: AddedOperatorPasskeySchema,
  },
  errors: ['recent_sign_in_required', 'passkey_invalid', 'passkey_challenge_expired', 'passkey_unavailable'],
  handler: async ({ operator, body, c, audit }) => {
    const result = await addOperatorPasskey({
      session: operator,
      sessionToken: getCookie(c, OPERATOR_COOKIE) ?? '',
      response: body.response,
      rp: await relyingPartyOf(c),
      userAgent: c.req.header('user-agent') ?? null,
    });
    audit({
      action: 'operator.passkey_add',
      subject: { type: 'operator', id: operator.operatorId },
      after: { passkey: result.added.id, name: result.added.name },
    });
    return result;
  },
});
