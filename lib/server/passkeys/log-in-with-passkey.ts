import 'server-only';
import { eq } from 'drizzle-orm';
import type { Locale } from '@/lib/shared/locales';
import type { AuthenticationResponse } from '@/lib/shared/schemas/passkeys';
import { spendLoginBudget } from '../auth/log-in';
import { createSession } from '../auth/sessions';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { AppError } from '../errors';
import { checkMemberStanding } from '../moderation/check-member-standing';
import { takeChallenge } from './passkey-challenges';
import { verifyMemberPasskey } from './verify-member-passkey';
import type { RelyingParty } from './webauthn';

/**
 * Signs a member in with a passkey: the answer to a sign-in challenge of this site, signed by a
 * passkey stored for this site, starts a session for the passkey's owner — nobody else's. The
 * account states of the password login apply in the same way: each attempt spends the address's
 * login budget, a deleted account is told how to reactivate, a suspended or banned member is
 * refused, and a member who has not confirmed the address is logged in as with the password. The
 * lock that wrong passwords put on an account does not stop a passkey: it guards against guessed
 * passwords, and a passkey's signature cannot be guessed, so a stranger spraying wrong passwords
 * cannot keep the owner out.
 */
export async function logInWithPasskey(options: {
  response: AuthenticationResponse;
  rp: RelyingParty;
  ip: string;
  locale: Locale;
  now?: Date;
}): Promise<{ userId: number; token: string }> {
  const now = options.now ?? new Date();
  await spendLoginBudget(options.ip, now);
  const challenge = await takeChallenge({
    clientDataJSON: options.response.response.clientDataJSON,
    purpose: 'sign_in',
    rp: options.rp,
    owner: { kind: 'visitor' },
    now,
  });
  const passkey = await verifyMemberPasskey({ response: options.response, challenge });
  const db = await getDb();
  const [user] = await db
    .select({ email: users.email, status: users.status, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, passkey.userId));
  if (!user || user.status === 'purged') throw new AppError('passkey_unknown', { log: 'purged account' });
  if (user.deletedAt) throw new AppError('account_pending_deletion');
  await checkMemberStanding({ userId: passkey.userId, locale: options.locale, now });
  await passkey.recordUse(now);
  return { userId: passkey.userId, token: await createSession({ userId: passkey.userId, now }) };
}
