import 'server-only';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { VerificationStateView } from '@/lib/shared/schemas/verification';
import { getDb, type DbOrTx } from '../db/client';
import { profiles } from '../db/schema/members';
import { moderationDecisions, moderationItems } from '../db/schema/moderation';
import { photos } from '../db/schema/photos';
import { photoVerifications } from '../db/schema/verification';
import { AppError } from '../errors';

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/**
 * Where a member's photo verification stands (see VERIFICATION_STATES), as their profile editor
 * shows it: the pose to copy, the reason of a rejection, whether they may ask (again). Nothing about
 * the selfie but that it was sent.
 */
export async function getVerificationState(options: {
  userId: number;
  db?: DbOrTx;
}): Promise<VerificationStateView> {
  const { userId } = options;
  const db = options.db ?? (await getDb());
  const [member] = await db
    .select({
      fictional: profiles.fictional,
      verified: profiles.verified,
      mainId: photos.id,
      mainStatus: photos.status,
    })
    .from(profiles)
    .leftJoin(photos, and(eq(photos.userId, profiles.userId), eq(photos.isMain, true)))
    .where(eq(profiles.userId, userId));
  if (!member) throw new AppError('not_found', { log: `member ${userId} has no profile` });
  const hasPhoto = member.mainId !== null && member.mainStatus === 'active';
  const base = { pose: null, reason: null, since: null, can_request: false, has_photo: hasPhoto };
  if (member.fictional) return { ...base, state: 'unavailable' };

  const [latest] = await db
    .select()
    .from(photoVerifications)
    .where(eq(photoVerifications.userId, userId))
    .orderBy(desc(photoVerifications.id))
    .limit(1);
  if (!latest) return { ...base, state: 'none', can_request: hasPhoto };

  if (member.verified) {
    const [approved] = await db
      .select({ decidedAt: photoVerifications.decidedAt })
      .from(photoVerifications)
      .where(and(eq(photoVerifications.userId, userId), eq(photoVerifications.status, 'approved')))
      .orderBy(desc(photoVerifications.decidedAt))
      .limit(1);
    return { ...base, state: 'verified', since: iso(approved?.decidedAt) };
  }
  if (latest.status === 'posing') return { ...base, state: 'posing', pose: latest.pose };
  if (latest.status === 'waiting') {
    return { ...base, state: 'waiting', pose: latest.pose, since: iso(latest.submittedAt) };
  }
  if (latest.status === 'rejected') {
    return {
      ...base,
      state: 'rejected',
      reason: latest.rejection,
      since: iso(latest.decidedAt),
      can_request: hasPhoto,
    };
  }

  // Approved, yet no badge: the main photo was not checked against the selfie.
  const [open] = await db
    .select({ createdAt: moderationItems.createdAt })
    .from(moderationItems)
    .where(
      and(
        eq(moderationItems.verificationId, latest.id),
        eq(moderationItems.kind, 'verification_recheck'),
        ne(moderationItems.state, 'decided'),
      ),
    )
    .orderBy(desc(moderationItems.createdAt))
    .limit(1);
  if (open) return { ...base, state: 'rechecking', since: iso(open.createdAt) };
  const [refused] =
    member.mainId === null
      ? []
      : await db
          .select({
            rejection: moderationDecisions.verificationRejection,
            createdAt: moderationDecisions.createdAt,
          })
          .from(moderationDecisions)
          .innerJoin(moderationItems, eq(moderationItems.id, moderationDecisions.itemId))
          .where(
            and(
              eq(moderationItems.verificationId, latest.id),
              eq(moderationItems.photoId, member.mainId),
              eq(moderationDecisions.action, 'reject_verification'),
            ),
          )
          .orderBy(desc(moderationDecisions.id))
          .limit(1);
  return {
    ...base,
    state: 'withdrawn',
    reason: refused?.rejection ?? null,
    since: iso(refused?.createdAt ?? latest.decidedAt),
    can_request: hasPhoto,
  };
}
