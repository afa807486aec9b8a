import 'server-only';
import { and, eq, inArray, lt, or } from 'drizzle-orm';
import { getDb } from '../db/client';
import { dataExports } from '../db/schema/data-exports';
import { getStorage } from '../storage/get-storage';

/** Requests that never became ready are dropped after this long (their job has long given up). */
const STALE_REQUEST_DAYS = 7;

/**
 * Deletes the copies of members' data past their expiry, file and row, and requests that failed or
 * never finished a week on. Safe from several instances (a file already gone is no error).
 */
export async function deleteExpiredExports(options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const stale = new Date(now.getTime() - STALE_REQUEST_DAYS * 86_400_000);
  const db = await getDb();
  const due = await db
    .select({ id: dataExports.id, storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(
      or(
        and(eq(dataExports.status, 'ready'), lt(dataExports.expiresAt, now)),
        lt(dataExports.createdAt, stale),
      ),
    )
    .limit(1_000);
  for (const row of due) {
    if (row.storageKey) await getStorage().delete(row.storageKey);
  }
  if (due.length > 0)
    await db.delete(dataExports).where(
      inArray(
        dataExports.id,
        due.map((row) => row.id),
      ),
    );
  return due.length;
}
