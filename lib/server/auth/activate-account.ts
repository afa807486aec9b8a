import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { profiles } from '../db/schema/members';
import { consumeEmailToken } from './email-tokens';

/** Confirms an e-mail address with the activation link's token; false when the link does not work. */
export async function activateAccount(options: { token: string; now?: Date }): Promise<boolean> {
  const now = options.now ?? new Date();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, { token: options.token, purpose: 'activation', now });
    if (!used) return false;
    await tx.update(users).set({ status: 'confirmed', confirmedAt: now }).where(eq(users.id, used.userId));
    await tx
      .update(profiles)
      .set({ status: 'active', updatedAt: now })
      .where(eq(profiles.userId, used.userId));
    return true;
  });
}
