import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { AuthenticationResponse } from '@/lib/shared/schemas/passkeys';
import { hashToken } from '../auth/tokens';
import { getDb } from '../db/client';
import { operators, operatorSessions } from '../db/schema/operators';
import { operatorPasskeys } from '../db/schema/passkeys';
import { AppError } from '../errors';
import { storeChallenge, takeChallenge } from '../passkeys/passkey-challenges';
import { authenticationOptions, verifyAssertion, type RelyingParty } from '../passkeys/webauthn';
import { hitRateLimit } from '../security/rate-limit';
import { SECOND_FACTOR_ATTEMPTS } from './second-factor';

/**
 * The options for giving one of the operator's passkeys as the second factor: the browser offers
 * only their passkeys for this site. `passkey_unknown` when they have none here.
 */
export async function startPasskeySecondFactor(options: {
  operatorId: number;
  sessionToken: string;
  rp: RelyingParty;
  now?: Date;
}): Promise<{ options: PublicKeyCredentialRequestOptionsJSON }> {
  const db = await getDb();
  const allow = await db
    .select({
      credentialId: operatorPasskeys.credentialId,
      publicKey: operatorPasskeys.publicKey,
      counter: operatorPasskeys.counter,
      transports: operatorPasskeys.transports,
    })
    .from(operatorPasskeys)
    .where(
      and(eq(operatorPasskeys.operatorId, options.operatorId), eq(operatorPasskeys.rpId, options.rp.id)),
    );
  if (allow.length === 0) throw new AppError('passkey_unknown', { log: 'operator without a passkey here' });
  const request = await authenticationOptions({ rp: options.rp, role: 'second-factor', allow });
  await storeChallenge({
    challenge: request.challenge,
    purpose: 'operator_second_factor',
    rp: options.rp,
    owner: { kind: 'operator', operatorId: options.operatorId, sessionToken: options.sessionToken },
    now: options.now,
  });
  return { options: request };
}

/**
 * Checks an operator's passkey as the second factor and, when it is right, opens the session, like
 * a code of the authenticator app (which it replaces, never precedes: the app must be set up).
 * Attempts count against the same budget as codes; the passkey must be the operator's own, and its
 * counter must move on. Answers which passkey it was, for the audit log.
 */
export async function verifyPasskeySecondFactor(options: {
  operatorId: number;
  sessionToken: string;
  response: AuthenticationResponse;
  rp: RelyingParty;
  now?: Date;
}): Promise<{ passkeyId: number; name: string }> {
  const now = options.now ?? new Date();
  const { operatorId, response } = options;
  const hit = await hitRateLimit({ key: `operator-totp:${operatorId}`, ...SECOND_FACTOR_ATTEMPTS, now });
  if (!hit.allowed) {
    throw new AppError('account_locked', { values: { minutes: Math.ceil(hit.retryAfter / 60) } });
  }
  const db = await getDb();
  const [operator] = await db
    .select({ enabledAt: operators.totpEnabledAt })
    .from(operators)
    .where(eq(operators.id, operatorId));
  if (!operator?.enabledAt) throw new AppError('second_factor_invalid', { log: 'no authenticator app yet' });
  const challenge = await takeChallenge({
    clientDataJSON: response.response.clientDataJSON,
    purpose: 'operator_second_factor',
    rp: options.rp,
    owner: { kind: 'operator', operatorId, sessionToken: options.sessionToken },
    now,
  });
  const [passkey] = await db
    .select()
    .from(operatorPasskeys)
    .where(
      and(
        eq(operatorPasskeys.credentialId, response.id),
        eq(operatorPasskeys.operatorId, operatorId),
        eq(operatorPasskeys.rpId, challenge.rpId),
      ),
    );
  if (!passkey) throw new AppError('passkey_unknown', { log: `not a passkey of operator ${operatorId}` });
  const verified = await verifyAssertion({ response, challenge, credential: passkey, role: 'second-factor' });
  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(operatorPasskeys)
      .set({
        counter: verified.newCounter,
        backedUp: verified.backedUp,
        deviceType: verified.deviceType,
        lastUsedAt: now,
      })
      .where(and(eq(operatorPasskeys.id, passkey.id), eq(operatorPasskeys.counter, passkey.counter)))
      .returning({ id: operatorPasskeys.id });
    if (!used)
      throw new AppError('passkey_invalid', { log: `operator passkey ${passkey.id} used twice at once` });
    await tx
      .update(operatorSessions)
      .set({ verifiedAt: now, secondFactorMethod: 'passkey' })
      .where(
        and(
          eq(operatorSessions.tokenHash, hashToken(options.sessionToken)),
          eq(operatorSessions.operatorId, operatorId),
        ),
      );
  });
  return { passkeyId: passkey.id, name: passkey.name };
}
