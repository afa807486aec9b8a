import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { AuthenticationResponse } from '@/lib/shared/schemas/passkeys';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { passkeys } from '../db/schema/passkeys';
import { AppError } from '../errors';
import { verifyAssertion, type TakenChallenge } from './webauthn';

/** The member a verified passkey belongs to, and how to record its use. */
export interface VerifiedPasskey {
  passkeyId: number;
  userId: number;
  /**
   * Stores the use: the new counter and backup state, and when. The counter moves only from the
   * value the assertion was checked against, so two uses of one signature cannot both pass.
   */
  recordUse: (now: Date) => Promise<void>;
}

/**
 * Checks a member's assertion: the passkey it names must exist for the relying party the challenge
 * was made for (`passkey_unknown` otherwise: removed, or made on another site domain), belong to
 * `userId` when one is given, carry its owner's user handle, and be verified by the library
 * (signature, origin, relying party, person verified, counter).
 */
export async function verifyMemberPasskey(options: {
  response: AuthenticationResponse;
  challenge: TakenChallenge;
  /** The member who must own the passkey (confirming it is them); absent for a sign-in. */
  userId?: number;
}): Promise<VerifiedPasskey> {
  const { response, challenge } = options;
  const db = await getDb();
  const [row] = await db
    .select({ passkey: passkeys, handle: users.passkeyUserHandle })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(and(eq(passkeys.credentialId, response.id), eq(passkeys.rpId, challenge.rpId)))
    .limit(1);
  if (!row) throw new AppError('passkey_unknown', { log: 'no such passkey on this site' });
  const { passkey } = row;
  if (options.userId !== undefined && passkey.userId !== options.userId) {
    throw new AppError('passkey_invalid', { log: `passkey ${passkey.id} is another member's` });
  }
  // A discoverable passkey says whose it is; it must be the owner of the stored credential.
  if (!response.response.userHandle || response.response.userHandle !== row.handle) {
    throw new AppError('passkey_invalid', { log: `passkey ${passkey.id}: user handle does not match` });
  }
  const verified = await verifyAssertion({
    response,
    challenge,
    credential: passkey,
    role: 'passwordless',
  });
  return {
    passkeyId: passkey.id,
    userId: passkey.userId,
    recordUse: async (now) => {
      const [used] = await db
        .update(passkeys)
        .set({
          counter: verified.newCounter,
          backedUp: verified.backedUp,
          deviceType: verified.deviceType,
          lastUsedAt: now,
        })
        .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
        .returning({ id: passkeys.id });
      if (!used)
        throw new AppError('passkey_invalid', { log: `passkey ${passkey.id} was used at once twice` });
    },
  };
}
