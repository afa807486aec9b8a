import 'server-only';
import { and, eq, lte, sql } from 'drizzle-orm';
import { getDb, type DbOrTx } from '../db/client';
import { users } from '../db/schema/auth';
import { profiles } from '../db/schema/members';
import { dropLikePartnersCaches } from '../members/like-partners';
import { dropViewerCaches } from '../members/viewer-caches';

/**
 * Ends a member's suspension once its time is up: the profile shows again (active; disabled while
 * the address is unconfirmed; deleted while the account waits to be purged). A suspension that was lengthened or turned into a ban stays. Answers
 * whether the member's profile was brought back.
 */
export async function liftSuspension(options: { userId: number; now?: Date; tx?: DbOrTx }): Promise<boolean> {
  const now = options.now ?? new Date();
  const db = options.tx ?? (await getDb());
  const lifted = await db
    .update(profiles)
    .set({
      status: sql`(select case when ${users.deletedAt} is not null then 'deleted'::profile_status when ${users.status} = 'confirmed' then 'active'::profile_status else 'disabled'::profile_status end from ${users} where ${users.id} = ${profiles.userId})`,
      suspendedUntil: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(profiles.userId, options.userId),
        eq(profiles.status, 'suspended'),
        lte(profiles.suspendedUntil, now),
      ),
    )
    .returning({ userId: profiles.userId });
  if (lifted.length > 0) {
    dropViewerCaches(options.userId);
    await dropLikePartnersCaches(db, options.userId);
  }
  return lifted.length > 0;
}
