import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb, type DbOrTx } from '../db/client';
import { photoVerifications } from '../db/schema/verification';
import { getStorage } from '../storage/get-storage';

/**
 * Deletes a member's verification requests and their selfie files (when an account is purged): the
 * files first, so a run that stops halfway finds the rows again. Their queue items go with them.
 * Answers how many requests there were.
 */
export async function deleteMemberVerifications(options: { userId: number; db?: DbOrTx }): Promise<number> {
  const db = options.db ?? (await getDb());
  const rows = await db
    .select({ id: photoVerifications.id, selfieKey: photoVerifications.selfieKey })
    .from(photoVerifications)
    .where(eq(photoVerifications.userId, options.userId));
  for (const row of rows) if (row.selfieKey) await getStorage().delete(row.selfieKey);
  await db.delete(photoVerifications).where(eq(photoVerifications.userId, options.userId));
  return rows.length;
}
