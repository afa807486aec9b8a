import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { getDb } from '../db/client';
import { photoVerifications } from '../db/schema/verification';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * A member's photo verification for their copy of their data: every request (pose, status, dates,
 * the reason of a rejection, when the selfie was deleted) and the selfie files still kept, as
 * `verification/selfie-<id>.jpg` (name inside the archive → storage key).
 */
export async function collectVerificationData(options: { userId: number }): Promise<{
  records: unknown[];
  files: Record<string, string>;
}> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(photoVerifications)
    .where(eq(photoVerifications.userId, options.userId))
    .orderBy(asc(photoVerifications.id));
  const files: Record<string, string> = {};
  const records = rows.map((row) => {
    const selfie = row.selfieKey ? `verification/selfie-${row.id}.jpg` : null;
    if (selfie && row.selfieKey) files[selfie] = row.selfieKey;
    return {
      id: row.id,
      pose: row.pose,
      status: row.status,
      rejection_reason: row.rejection,
      pose_given_at: iso(row.createdAt),
      selfie_sent_at: iso(row.submittedAt),
      decided_at: iso(row.decidedAt),
      selfie: selfie,
      selfie_deleted_at: iso(row.selfieDeletedAt),
    };
  });
  return { records, files };
}
