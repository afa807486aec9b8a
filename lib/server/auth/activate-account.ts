import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { emailTokens, users } from '../db/schema/auth';
import { profiles } from '../db/schema/members';
import { consumeEmailToken } from './email-tokens';
import { hashToken } from './tokens';

/** What an activation link did: confirmed the address now, found it confirmed already, or nothing. */
export type ActivationResult = 'activated' | 'already_active' | 'failed';

/**
 * Confirms an e-mail address with the activation link's token. A link opened a second time (or
 * after the address was confirmed otherwise) says so, rather than that activation failed.
 */
export async function activateAccount(options: { token: string; now?: Date }): Promise<ActivationResult> {
  const now = options.now ?? new Date();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, { token: options.token, purpose: 'activation', now });
    if (!used) {
      const [known] = await tx
        .select({ status: users.status, deletedAt: users.deletedAt })
        .from(emailTokens)
        .innerJoin(users, eq(users.id, emailTokens.userId))
        .where(
          and(eq(emailTokens.tokenHash, hashToken(options.token)), eq(emailTokens.purpose, 'activation')),
        );
      return known?.status === 'confirmed' && !known.deletedAt ? 'already_active' : 'failed';
    }
    await tx.update(users).set({ status: 'confirmed', confirmedAt: now }).where(eq(users.id, used.userId));
    await tx
      .update(profiles)
      .set({ status: 'active', updatedAt: now })
      .where(eq(profiles.userId, used.userId));
    return 'activated';
  });
}
