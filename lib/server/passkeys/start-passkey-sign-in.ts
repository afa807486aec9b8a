import 'server-only';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { storeChallenge } from './passkey-challenges';
import { authenticationOptions, type RelyingParty } from './webauthn';

/**
 * The options for a passkey sign-in on this site: no list of passkeys, so the browser offers every
 * passkey it holds for the site (in the e-mail field's autofill, or in its own dialog) and nobody
 * need type an address.
 */
export async function startPasskeySignIn(options: {
  rp: RelyingParty;
  now?: Date;
}): Promise<{ options: PublicKeyCredentialRequestOptionsJSON }> {
  const request = await authenticationOptions({ rp: options.rp, role: 'passwordless' });
  await storeChallenge({
    challenge: request.challenge,
    purpose: 'sign_in',
    rp: options.rp,
    owner: { kind: 'visitor' },
    now: options.now,
  });
  return { options: request };
}
