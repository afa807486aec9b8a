import 'server-only';
import { and, eq, isNotNull, lt, ne } from 'drizzle-orm';
import { REACTIVATION_DAYS } from '@/lib/shared/constants';
import { getDb } from '../db/client';
import { funnelEvents } from '../db/schema/analytics';
import { emailTokens, sessions, users } from '../db/schema/auth';
import { profiles } from '../db/schema/members';
import { deleteMemberPhotos } from '../photos/delete-member-photos';
import { clearPasswordAttempts } from './password-attempts';

/**
 * Removes the personal data of accounts deleted more than 14 days ago. The account row stays,
 * anonymised, because payment records refer to it and must be kept as the law requires.
 * Idempotent and safe to run from several instances.
 */
export async function purgeDeletedAccounts(options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - REACTIVATION_DAYS * 86_400_000);
  const db = await getDb();
  const due = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(isNotNull(users.deletedAt), lt(users.deletedAt, cutoff), ne(users.status, 'purged')));
  for (const user of due) {
    await deleteMemberPhotos({ userId: user.id });
    await db.transaction(async (tx) => {
      await tx.delete(profiles).where(eq(profiles.userId, user.id));
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
      await tx.delete(emailTokens).where(eq(emailTokens.userId, user.id));
      await clearPasswordAttempts({ email: user.email, tx });
      await tx
        .update(users)
        .set({
          status: 'purged',
          email: `purged-${user.id}@invalid`,
          passwordHash: '',
          deletionComment: null,
          trackingNetwork: null,
          trackingRef: null,
          trackingSub1: null,
          trackingSub2: null,
          trackingSub3: null,
          signupLander: null,
          signupLanderSlug: null,
        })
        .where(eq(users.id, user.id));
      // The funnel keeps counting the steps by lander and network, no longer tied to the person.
      await tx
        .update(funnelEvents)
        .set({ userId: null, ref: null, sub1: null, sub2: null, sub3: null })
        .where(eq(funnelEvents.userId, user.id));
    });
  }
  return due.length;
}
