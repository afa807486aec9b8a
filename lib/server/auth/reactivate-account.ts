import 'server-only';
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { REACTIVATION_DAYS } from '@/lib/shared/constants';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { profiles } from '../db/schema/members';
import { consumeEmailToken } from './email-tokens';
import { dropLikePartnersCaches } from '../members/like-partners';
import { dropViewerCaches } from '../members/viewer-caches';

/** Brings a deleted account back with the mailed link, within 14 days of the deletion. */
export async function reactivateAccount(options: { token: string; now?: Date }): Promise<boolean> {
  const now = options.now ?? new Date();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, { token: options.token, purpose: 'reactivation', now });
    if (!used) return false;
    const window = new Date(now.getTime() - REACTIVATION_DAYS * 86_400_000);
    const restored = await tx
      .update(users)
      .set({ deletedAt: null, deletionReason: null, deletionComment: null })
      .where(and(eq(users.id, used.userId), isNotNull(users.deletedAt), gt(users.deletedAt, window)))
      .returning({ id: users.id, status: users.status });
    const [user] = restored;
    if (!user) return false;
    // A ban, or a suspension that has not ended yet, comes back with the account.
    await tx
      .update(profiles)
      .set({
        status: sql`case when ${profiles.status} = 'banned' then 'banned'::profile_status when ${profiles.suspendedUntil} > ${now.toISOString()}::timestamptz then 'suspended'::profile_status else ${user.status === 'confirmed' ? 'active' : 'disabled'}::profile_status end`,
      })
      .where(eq(profiles.userId, user.id));
    dropViewerCaches(user.id);
    await dropLikePartnersCaches(tx, user.id);
    return true;
  });
}
