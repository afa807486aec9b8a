import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { AuthenticationResponse, Passkeys } from '@/lib/shared/schemas/passkeys';
import { findAccount } from '../auth/find-account';
import { checkPasswordAttempt } from '../auth/password-attempts';
import { verifyPassword } from '../auth/passwords';
import { markSignedIn } from '../auth/recent-sign-in';
import { getDb } from '../db/client';
import { passkeys } from '../db/schema/passkeys';
import { AppError } from '../errors';
import { listPasskeys } from './list-passkeys';
import { storeChallenge, takeChallenge } from './passkey-challenges';
import { verifyMemberPasskey } from './verify-member-passkey';
import { authenticationOptions, type RelyingParty } from './webauthn';

/**
 * The options for confirming it is the member with one of their own passkeys on this site (the
 * browser offers only those). `passkey_unknown` when the member has none here.
 */
export async function startPasskeyConfirmation(options: {
  userId: number;
  sessionToken: string;
  rp: RelyingParty;
  now?: Date;
}): Promise<{ options: PublicKeyCredentialRequestOptionsJSON }> {
  const { userId, rp } = options;
  const db = await getDb();
  const allow = await db
    .select({
      credentialId: passkeys.credentialId,
      publicKey: passkeys.publicKey,
      counter: passkeys.counter,
      transports: passkeys.transports,
    })
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.rpId, rp.id)));
  if (allow.length === 0) throw new AppError('passkey_unknown', { log: 'no passkey to confirm with' });
  const request = await authenticationOptions({ rp, role: 'passwordless', allow });
  await storeChallenge({
    challenge: request.challenge,
    purpose: 'confirm',
    rp,
    owner: { kind: 'member', userId, sessionToken: options.sessionToken },
    now: options.now,
  });
  return { options: request };
}

/**
 * The member proves it is them before a sensitive change, with the password (under the same
 * lockout as the login) or one of their own passkeys: the session counts as recently signed in
 * again. Answers the passkeys with the new `confirmed_until`.
 */
export async function confirmSignIn(options: {
  userId: number;
  sessionToken: string;
  ip: string;
  proof: { password: string } | { response: AuthenticationResponse };
  rp: RelyingParty | null;
  now?: Date;
}): Promise<Passkeys> {
  const { userId, sessionToken, proof } = options;
  const now = options.now ?? new Date();
  if ('password' in proof) {
    const account = await findAccount({ userId });
    const isRight =
      account !== null &&
      (await checkPasswordAttempt({
        email: account.email,
        ip: options.ip,
        now,
        verify: () => verifyPassword(account.passwordHash, proof.password),
      }));
    if (!isRight) throw new AppError('field_invalid', { field: 'password', messageKey: 'password_wrong' });
  } else {
    if (!options.rp) throw new AppError('passkey_unavailable');
    const challenge = await takeChallenge({
      clientDataJSON: proof.response.response.clientDataJSON,
      purpose: 'confirm',
      rp: options.rp,
      owner: { kind: 'member', userId, sessionToken },
      now,
    });
    const passkey = await verifyMemberPasskey({ response: proof.response, challenge, userId });
    await passkey.recordUse(now);
  }
  await markSignedIn({ userId, sessionToken, now });
  return listPasskeys({ userId, sessionToken, now });
}
