import 'server-only';
import { and, eq, isNull, lt, type SQL } from 'drizzle-orm';
import { getDb } from '../db/client';
import { passkeyChallenges, type PasskeyChallengePurpose } from '../db/schema/passkeys';
import { AppError } from '../errors';
import { hashToken } from '../auth/tokens';
import type { RelyingParty } from './webauthn';

/** How long a challenge may be answered: enough to find the phone, short enough to be worthless later. */
export const CHALLENGE_SECONDS = 5 * 60;

/** Whom a challenge is for: nobody yet (a sign-in), a member's session, or an operator's session. */
export type ChallengeOwner =
  | { kind: 'visitor' }
  | { kind: 'member'; userId: number; sessionToken: string }
  | { kind: 'operator'; operatorId: number; sessionToken: string };

/** Keeps a challenge just handed to a browser, for the relying party and owner it was made for. */
export async function storeChallenge(options: {
  challenge: string;
  purpose: PasskeyChallengePurpose;
  rp: RelyingParty;
  owner: ChallengeOwner;
  now?: Date;
}): Promise<void> {
  const now = options.now ?? new Date();
  const { owner } = options;
  const db = await getDb();
  await db.insert(passkeyChallenges).values({
    challenge: options.challenge,
    purpose: options.purpose,
    userId: owner.kind === 'member' ? owner.userId : null,
    operatorId: owner.kind === 'operator' ? owner.operatorId : null,
    sessionHash: owner.kind === 'visitor' ? null : hashToken(owner.sessionToken),
    rpId: options.rp.id,
    origin: options.rp.origin,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_SECONDS * 1_000),
  });
}

/** The challenge a browser signed, read from its client data (verified against the stored one later). */
export function challengeOf(clientDataJSON: string): string {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = data && typeof data === 'object' && 'challenge' in data ? data.challenge : null;
    if (typeof challenge === 'string' && challenge) return challenge;
  } catch {
    // Falls through to the refusal below.
  }
  throw new AppError('passkey_invalid', { log: 'client data without a readable challenge' });
}

/**
 * Takes the challenge a browser's answer names, once: the row is deleted in the same statement that
 * finds it, so two requests with the same answer cannot both get it. It must have been issued for
 * this purpose, relying party and owner (and session), and not have expired; otherwise
 * `passkey_challenge_expired`, which also answers a challenge used before.
 */
export async function takeChallenge(options: {
  clientDataJSON: string;
  purpose: PasskeyChallengePurpose;
  rp: RelyingParty;
  owner: ChallengeOwner;
  now?: Date;
}): Promise<{ challenge: string; rpId: string; origin: string }> {
  const now = options.now ?? new Date();
  const { owner } = options;
  const challenge = challengeOf(options.clientDataJSON);
  const conditions: SQL[] = [
    eq(passkeyChallenges.challenge, challenge),
    eq(passkeyChallenges.purpose, options.purpose),
    eq(passkeyChallenges.rpId, options.rp.id),
    eq(passkeyChallenges.origin, options.rp.origin),
  ];
  if (owner.kind === 'visitor') {
    conditions.push(isNull(passkeyChallenges.userId), isNull(passkeyChallenges.operatorId));
  } else {
    conditions.push(eq(passkeyChallenges.sessionHash, hashToken(owner.sessionToken)));
    conditions.push(
      owner.kind === 'member'
        ? eq(passkeyChallenges.userId, owner.userId)
        : eq(passkeyChallenges.operatorId, owner.operatorId),
    );
  }
  const db = await getDb();
  const [taken] = await db
    .delete(passkeyChallenges)
    .where(and(...conditions))
    .returning({
      challenge: passkeyChallenges.challenge,
      rpId: passkeyChallenges.rpId,
      origin: passkeyChallenges.origin,
      expiresAt: passkeyChallenges.expiresAt,
    });
  if (!taken || taken.expiresAt <= now) {
    throw new AppError('passkey_challenge_expired', {
      log: taken ? 'passkey challenge expired' : 'passkey challenge unknown or used',
    });
  }
  return { challenge: taken.challenge, rpId: taken.rpId, origin: taken.origin };
}

/** Deletes challenges nobody answered in time (hourly housekeeping). */
export async function deleteExpiredChallenges(now = new Date()): Promise<void> {
  const db = await getDb();
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
}
