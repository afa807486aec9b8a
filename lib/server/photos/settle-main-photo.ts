import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { photos } from '../db/schema/photos';
import { settleVerifiedBadge } from '../verification/settle-verified-badge';

/**
 * Puts the member's main photo where others can see it, after their photos changed (one was added,
 * deleted, approved, hidden or moved): `preferred` when it is shown; otherwise the main photo stays
 * if it is shown; otherwise the first shown photo in the member's order takes the place. With no shown
 * photo, the first one waiting for a moderator holds it; a hidden photo never does. The caller checks
 * that `preferred` is one of the member's photos. The verified badge follows the main photo: it ends
 * when the new one was not checked against the member's verification selfie (see settleVerifiedBadge).
 */
export async function settleMainPhoto(tx: Tx, userId: number, preferred?: number): Promise<void> {
  const rows = await tx
    .select({ id: photos.id, status: photos.status, isMain: photos.isMain })
    .from(photos)
    .where(eq(photos.userId, userId))
    .orderBy(asc(photos.position), asc(photos.id));
  const current = rows.find((row) => row.isMain);
  const wanted = rows.find((row) => row.id === preferred);
  const target =
    (wanted?.status === 'active' ? wanted : undefined) ??
    (current?.status === 'active' ? current : undefined) ??
    rows.find((row) => row.status === 'active') ??
    (current?.status === 'pending' ? current : undefined) ??
    rows.find((row) => row.status === 'pending');
  if (target?.id !== current?.id) {
    // One main photo per member (unique index): the old one steps down first.
    if (current) await tx.update(photos).set({ isMain: false }).where(eq(photos.id, current.id));
    if (target) {
      await tx
        .update(photos)
        .set({ isMain: true })
        .where(and(eq(photos.id, target.id), eq(photos.userId, userId)));
    }
  }
  await settleVerifiedBadge(tx, userId);
}
