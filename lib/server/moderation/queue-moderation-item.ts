import 'server-only';
import type { DbOrTx } from '../db/client';
import { moderationItems } from '../db/schema/moderation';

/** What an item stands for: a complaint, a new photo, a verification selfie, or a re-check. */
type QueuedThing =
  | { kind: 'complaint'; complaintId: number; photoId?: undefined; verificationId?: undefined }
  | { kind: 'photo'; photoId: number; complaintId?: undefined; verificationId?: undefined }
  | { kind: 'verification'; verificationId: number; photoId?: undefined; complaintId?: undefined }
  | { kind: 'verification_recheck'; verificationId: number; photoId: number; complaintId?: undefined };

/**
 * Puts a complaint, a new photo, a verification selfie or a re-check (a verified member's new main
 * photo beside their selfie) in the moderation queue, in the caller's transaction so the item exists
 * exactly when what it stands for does. A re-check of the same photo against the same selfie is
 * queued once.
 */
export async function queueModerationItem(
  tx: DbOrTx,
  options: QueuedThing & { memberId: number | null; siteId: number; now: Date },
): Promise<void> {
  const insert = tx.insert(moderationItems).values({
    kind: options.kind,
    complaintId: options.complaintId ?? null,
    photoId: options.photoId ?? null,
    verificationId: options.verificationId ?? null,
    memberId: options.memberId,
    siteId: options.siteId,
    createdAt: options.now,
  });
  if (options.kind === 'verification_recheck') await insert.onConflictDoNothing();
  else await insert;
}
