import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema/auth';
import { profiles } from '../db/schema/members';
import { photos } from '../db/schema/photos';
import { photoVerifications } from '../db/schema/verification';
import { queueModerationItem } from '../moderation/queue-moderation-item';

/**
 * Puts a member's verified badge right after anything that may change it (a new main photo, a
 * verification or re-check decided, the fictional flag), in the caller's transaction. The badge
 * stands while the member has an approved verification, is not fictional, and their main photo is
 * shown and was checked against a verification selfie. When it ends because the main photo was
 * never checked, and the selfie is still kept, that photo goes to the moderators as a re-check
 * (once per photo and selfie); approving it brings the badge back. Answers whether the member is
 * verified now.
 */
export async function settleVerifiedBadge(
  tx: DbOrTx,
  userId: number,
  options: { now?: Date } = {},
): Promise<boolean> {
  const [member] = await tx
    .select({
      verified: profiles.verified,
      fictional: profiles.fictional,
      siteId: users.siteId,
      mainId: photos.id,
      mainStatus: photos.status,
      mainVerifiedAt: photos.verifiedAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoin(photos, and(eq(photos.userId, profiles.userId), eq(photos.isMain, true)))
    .where(eq(profiles.userId, userId));
  if (!member) return false;
  const [approved] = await tx
    .select({ id: photoVerifications.id, selfieKey: photoVerifications.selfieKey })
    .from(photoVerifications)
    .where(and(eq(photoVerifications.userId, userId), eq(photoVerifications.status, 'approved')))
    .orderBy(desc(photoVerifications.decidedAt), desc(photoVerifications.id))
    .limit(1);

  const isChecked = member.mainId !== null && member.mainVerifiedAt !== null;
  const shouldBe = approved !== undefined && !member.fictional && isChecked && member.mainStatus === 'active';
  if (shouldBe !== member.verified) {
    await tx.update(profiles).set({ verified: shouldBe }).where(eq(profiles.userId, userId));
  }
  if (approved?.selfieKey && !member.fictional && member.mainId !== null && !isChecked) {
    await queueModerationItem(tx, {
      kind: 'verification_recheck',
      verificationId: approved.id,
      photoId: member.mainId,
      memberId: userId,
      siteId: member.siteId,
      now: options.now ?? new Date(),
    });
  }
  return shouldBe;
}
