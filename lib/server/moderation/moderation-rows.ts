import 'server-only';
import { eq } from 'drizzle-orm';
import type { ModerationQueueItem } from '@/lib/shared/schemas/moderation';
import type { DbOrTx } from '../db/client';
import { complaints } from '../db/schema/complaints';
import { profiles } from '../db/schema/members';
import { moderationItems } from '../db/schema/moderation';
import { operators } from '../db/schema/operators';
import { photos } from '../db/schema/photos';
import { sites } from '../db/schema/reference';
import { photoVerifications } from '../db/schema/verification';
import { env } from '../env';

/** Characters of a complaint's text the queue shows. */
export const EXCERPT_LENGTH = 140;

export function excerpt(text: string): string {
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : text;
}

/**
 * Queue items with what a row of the queue shows: the member, the complaint, photo or verification
 * request, who opened it.
 */
export function queueItemQuery(db: DbOrTx) {
  return db
    .select({
      item: moderationItems,
      member: {
        id: profiles.userId,
        name: profiles.name,
        status: profiles.status,
        suspendedUntil: profiles.suspendedUntil,
      },
      complaint: { reason: complaints.reason, text: complaints.text },
      photo: photos,
      verification: photoVerifications,
      claimer: { id: operators.id, name: operators.name },
      cdnPrefix: sites.cdnPrefix,
    })
    .from(moderationItems)
    .leftJoin(profiles, eq(profiles.userId, moderationItems.memberId))
    .leftJoin(complaints, eq(complaints.id, moderationItems.complaintId))
    .leftJoin(photos, eq(photos.id, moderationItems.photoId))
    .leftJoin(photoVerifications, eq(photoVerifications.id, moderationItems.verificationId))
    .leftJoin(operators, eq(operators.id, moderationItems.claimedBy))
    .innerJoin(sites, eq(sites.id, moderationItems.siteId));
}

export type QueueItemRow = Awaited<ReturnType<typeof queueItemQuery>>[number];

/** Where the item's site serves photos (the CDN_PREFIX setting wins over the site's own). */
export function photoPrefix(row: Pick<QueueItemRow, 'cdnPrefix'>): string {
  return env().CDN_PREFIX ?? row.cdnPrefix;
}

export function toModeratedPhoto(photo: typeof photos.$inferSelect, prefix: string) {
  return {
    id: photo.id,
    url: `${prefix}${photo.filename}`,
    thumbUrl: `${prefix}${photo.thumbFilename}`,
    filename: photo.filename,
    thumbFilename: photo.thumbFilename,
    status: photo.status,
    isMain: photo.isMain,
    isVerified: photo.verifiedAt !== null,
    createdAt: photo.createdAt.toISOString(),
  };
}

/** The route that streams a verification selfie to moderators (never a CDN address). */
export const selfieUrl = (verificationId: number) =>
  `/api/operator/verification-selfie.php?id=${verificationId}`;

export function toModeratedVerification(request: typeof photoVerifications.$inferSelect) {
  return {
    id: request.id,
    pose: request.pose,
    status: request.status,
    submittedAt: request.submittedAt?.toISOString() ?? null,
    decidedAt: request.decidedAt?.toISOString() ?? null,
    selfieUrl: request.selfieKey ? selfieUrl(request.id) : null,
  };
}

export function toQueueItem(row: QueueItemRow): ModerationQueueItem {
  return {
    id: row.item.id,
    kind: row.item.kind,
    state: row.item.state,
    createdAt: row.item.createdAt.toISOString(),
    member: row.member
      ? { ...row.member, suspendedUntil: row.member.suspendedUntil?.toISOString() ?? null }
      : null,
    complaint: row.complaint ? { reason: row.complaint.reason, excerpt: excerpt(row.complaint.text) } : null,
    photo: row.photo ? toModeratedPhoto(row.photo, photoPrefix(row)) : null,
    verification: row.verification ? toModeratedVerification(row.verification) : null,
    claimedBy: row.item.state === 'in_review' && row.claimer ? row.claimer : null,
  };
}
