import 'server-only';
import type { DbOrTx } from '../db/client';
import { moderationItems } from '../db/schema/moderation';

/**
 * Puts a complaint or a new photo in the moderation queue, in the caller's transaction so the item
 * exists exactly when what it stands for does.
 */
export async function queueModerationItem(
  tx: DbOrTx,
  options: (
    | { kind: 'complaint'; complaintId: number; photoId?: undefined }
    | { kind: 'photo'; photoId: number; complaintId?: undefined }
  ) & { memberId: number | null; siteId: number; now: Date },
): Promise<void> {
  await tx.insert(moderationItems).values({
    kind: options.kind,
    complaintId: options.complaintId ?? null,
    photoId: options.photoId ?? null,
    memberId: options.memberId,
    siteId: options.siteId,
    createdAt: options.now,
  });
}
