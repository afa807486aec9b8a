import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { profiles } from '../db/schema/members';
import { forgetShownMembers } from '../members/forget-shown-members';
import { settleVerifiedBadge } from '../verification/settle-verified-badge';
import { getFictionalProfileRowOrThrow } from './get-fictional-profile-row';

/**
 * Turns a member's profile fictional or not (an admin's decision, with its reason in the audit
 * log): the flag decides whether members see the fictional icon and the site's fictional wording
 * with the profile, and whether chat operators answer as it. A fictional profile loses its verified
 * badge (fictional profiles are never verified). Answers the flag before and after.
 */
export async function setFictionalFlag(options: {
  id: number;
  fictional: boolean;
  now?: Date;
}): Promise<{ before: boolean; after: boolean }> {
  const db = await getDb();
  const before = await db.transaction(async (tx) => {
    const current = await getFictionalProfileRowOrThrow({
      db: tx,
      id: options.id,
      includeReal: true,
      forUpdate: true,
    });
    if (current.fictional !== options.fictional) {
      await tx
        .update(profiles)
        .set({
          fictional: options.fictional,
          ...(options.fictional ? { verified: false } : {}),
          updatedAt: options.now ?? new Date(),
        })
        .where(eq(profiles.userId, options.id));
      await settleVerifiedBadge(tx, options.id, { now: options.now });
    }
    return current.fictional;
  });
  forgetShownMembers();
  return { before, after: options.fictional };
}
