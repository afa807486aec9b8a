import 'server-only';
import { and, count, eq } from 'drizzle-orm';
import type { Passkeys } from '@/lib/shared/schemas/passkeys';
import { requireRecentSignIn } from '../auth/recent-sign-in';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { passkeys } from '../db/schema/passkeys';
import { AppError } from '../errors';
import { hasPassword, listPasskeys } from './list-passkeys';
import { sendPasskeyMail } from './send-passkey-mail';

/**
 * Removes one of the member's passkeys (another member's is `not_found`, like none) and mails the
 * member. Needs a recent sign-in. The last way to sign in is never removed: an account without a
 * password keeps its last passkey (`last_sign_in_method`). Every account has a password today, so
 * for members a passkey is always an extra way in that they may take away.
 */
export async function removePasskey(options: {
  userId: number;
  sessionToken: string;
  passkeyId: number;
  host: string | null;
  origin: string;
  now?: Date;
}): Promise<Passkeys> {
  const { userId } = options;
  await requireRecentSignIn(options);
  const db = await getDb();
  const removed = await db.transaction(async (tx) => {
    // Removals of one member run one after the other, so two at once cannot take the last two.
    const [user] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const [target] = await tx
      .select({ id: passkeys.id, name: passkeys.name })
      .from(passkeys)
      .where(and(eq(passkeys.id, options.passkeyId), eq(passkeys.userId, userId)));
    if (!user || !target) throw new AppError('not_found');
    const [held] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
    if (!hasPassword(user.passwordHash) && (held?.n ?? 0) <= 1) throw new AppError('last_sign_in_method');
    await tx.delete(passkeys).where(eq(passkeys.id, target.id));
    return target;
  });
  await sendPasskeyMail({
    userId,
    change: 'removed',
    passkeyName: removed.name,
    host: options.host,
    origin: options.origin,
  });
  return listPasskeys(options);
}
