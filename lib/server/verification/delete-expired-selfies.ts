import 'server-only';
import { and, inArray, isNotNull, lt } from 'drizzle-orm';
import { SELFIE_KEEP_DAYS } from '@/lib/shared/schemas/verification';
import { getDb } from '../db/client';
import { photoVerifications } from '../db/schema/verification';
import { getStorage } from '../storage/get-storage';

/** Selfies deleted per run at most; the next run takes the rest. */
const BATCH = 500;

/**
 * Deletes the verification selfies whose decision is more than SELFIE_KEEP_DAYS old, file first and
 * then the name on the request (the request itself stays: the member's verification record). Safe
 * from several instances: a file already gone is no error. Answers how many were deleted.
 */
export async function deleteExpiredSelfies(options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - SELFIE_KEEP_DAYS * 86_400_000);
  const db = await getDb();
  const due = await db
    .select({ id: photoVerifications.id, selfieKey: photoVerifications.selfieKey })
    .from(photoVerifications)
    .where(and(isNotNull(photoVerifications.selfieKey), lt(photoVerifications.decidedAt, cutoff)))
    .limit(BATCH);
  for (const row of due) if (row.selfieKey) await getStorage().delete(row.selfieKey);
  if (due.length > 0) {
    await db
      .update(photoVerifications)
      .set({ selfieKey: null, selfieDeletedAt: now })
      .where(
        inArray(
          photoVerifications.id,
          due.map((row) => row.id),
        ),
      );
  }
  return due.length;
}
