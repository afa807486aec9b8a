import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/server';
import { PASSKEY_LIMIT } from '@/lib/shared/schemas/passkeys';
import { findAccount } from '../auth/find-account';
import { requireRecentSignIn } from '../auth/recent-sign-in';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { passkeys } from '../db/schema/passkeys';
import { AppError } from '../errors';
import { storeChallenge } from './passkey-challenges';
import { registrationOptions, type RelyingParty } from './webauthn';

/**
 * The options for the browser to make a new passkey for the member on this site: a discoverable
 * credential that verifies the person, under the member's opaque user handle (made with the first
 * passkey), excluding the passkeys the member has here already. Needs a recent sign-in.
 */
export async function startPasskeyRegistration(options: {
  userId: number;
  sessionToken: string;
  rp: RelyingParty;
  now?: Date;
}): Promise<{ options: PublicKeyCredentialCreationOptionsJSON }> {
  const { userId, rp } = options;
  await requireRecentSignIn(options);
  const account = await findAccount({ userId });
  if (!account || account.deletedAt) throw new AppError('authentication_required');
  const db = await getDb();
  const [held] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  if ((held?.n ?? 0) >= PASSKEY_LIMIT) {
    throw new AppError('passkey_limit', { values: { limit: PASSKEY_LIMIT } });
  }
  const fresh = randomBytes(32).toString('base64url');
  const [handle] = await db
    .update(users)
    .set({ passkeyUserHandle: sql`coalesce(${users.passkeyUserHandle}, ${fresh})` })
    .where(eq(users.id, userId))
    .returning({ value: users.passkeyUserHandle });
  const exclude = await db
    .select({
      credentialId: passkeys.credentialId,
      publicKey: passkeys.publicKey,
      counter: passkeys.counter,
      transports: passkeys.transports,
    })
    .from(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.rpId, rp.id)));
  const creation = await registrationOptions({
    rp,
    role: 'passwordless',
    userName: account.email,
    userDisplayName: account.name,
    userHandle: handle?.value ?? fresh,
    exclude,
  });
  await storeChallenge({
    challenge: creation.challenge,
    purpose: 'register',
    rp,
    owner: { kind: 'member', userId, sessionToken: options.sessionToken },
    now: options.now,
  });
  return { options: creation };
}
