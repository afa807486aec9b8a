// POST /api/passkeys.php: store the passkey the browser made; the member is mailed
import { AddedPasskeySchema, PasskeyRegistrationSchema } from '@/lib/shared/schemas/passkeys';
import { addPasskey } from '../../../passkeys/add-passkey';
import { defineRoute } from '../../kit/define-route';
import { relyingPartyOf } from '../../relying-party';
import { linkOrigin, readSessionCookie } from '../../session-cookie';

export const addPasskeyRoute = defineRoute('POST /api/passkeys.php', {
  access: 'member',
  summary: 'Add a passkey',
  body: PasskeyRegistrationSchema,
  response: { status: 201, description: 'The passkeys, with the new one', schema: AddedPasskeySchema },
  errors: [
    'recent_sign_in_required',
    'passkey_invalid',
    'passkey_challenge_expired',
    'passkey_limit',
    'passkey_unavailable',
  ],
  handler: async ({ viewer, body, locale, host, c }) =>
    addPasskey({
      userId: viewer.userId,
      sessionToken: readSessionCookie(c) ?? '',
      response: body.response,
      rp: await relyingPartyOf(c),
      userAgent: c.req.header('user-agent') ?? null,
      locale,
      host,
      origin: await linkOrigin(c),
    }),
});
