import 'server-only';
import { count, eq } from 'drizzle-orm';
import type { Locale } from '@/lib/shared/locales';
import { PASSKEY_LIMIT, type AddedPasskey, type RegistrationResponse } from '@/lib/shared/schemas/passkeys';
import { requireRecentSignIn } from '../auth/recent-sign-in';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { passkeys } from '../db/schema/passkeys';
import { AppError } from '../errors';
import { listPasskeys, passkeyView } from './list-passkeys';
import { defaultPasskeyName } from './passkey-name';
import { takeChallenge } from './passkey-challenges';
import { sendPasskeyMail } from './send-passkey-mail';
import { verifyNewCredential, type RelyingParty } from './webauthn';

/**
 * Stores the passkey the browser just made, after verifying it against the challenge this session
 * was given (same site, same origin, the person verified). It is named after the password manager
 * or device that keeps it; the member is mailed. Needs a recent sign-in, like starting did.
 */
export async function addPasskey(options: {
  userId: number;
  sessionToken: string;
  response: RegistrationResponse;
  rp: RelyingParty;
  userAgent: string | null;
  locale: Locale;
  host: string | null;
  origin: string;
  now?: Date;
}): Promise<AddedPasskey> {
  const { userId, rp } = options;
  const now = options.now ?? new Date();
  await requireRecentSignIn({ ...options, now });
  const challenge = await takeChallenge({
    clientDataJSON: options.response.response.clientDataJSON,
    purpose: 'register',
    rp,
    owner: { kind: 'member', userId, sessionToken: options.sessionToken },
    now,
  });
  const credential = await verifyNewCredential({
    response: options.response,
    challenge,
    role: 'passwordless',
  });
  const name = defaultPasskeyName({
    aaguid: credential.aaguid,
    userAgent: options.userAgent,
    locale: options.locale,
  });
  const db = await getDb();
  const added = await db.transaction(async (tx) => {
    // One addition at a time per member, so two at once cannot pass the limit together.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [held] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
    if ((held?.n ?? 0) >= PASSKEY_LIMIT) {
      throw new AppError('passkey_limit', { values: { limit: PASSKEY_LIMIT } });
    }
    const [row] = await tx
      .insert(passkeys)
      .values({ ...credential, userId, rpId: challenge.rpId, name, createdAt: now })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning();
    if (!row) throw new AppError('passkey_invalid', { log: 'the credential is registered already' });
    return row;
  });
  await sendPasskeyMail({
    userId,
    change: 'added',
    passkeyName: added.name,
    host: options.host,
    origin: options.origin,
  });
  return { ...(await listPasskeys({ ...options, now })), added: passkeyView(added) };
}
