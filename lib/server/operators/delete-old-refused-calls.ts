import 'server-only';
import { lt } from 'drizzle-orm';
import { getDb } from '../db/client';
import { operatorRefusalCounts } from '../db/schema/operators';

/** Days the counts of refused calls nobody logged in to are kept (they name strangers' addresses). */
export const REFUSED_CALLS_KEEP_DAYS = 90;

/**
 * Deletes the counts of refused operator-API calls older than REFUSED_CALLS_KEEP_DAYS. Part of the
 * hourly housekeeping; idempotent and safe to run from several instances at once. Answers how many
 * rows went.
 */
export async function deleteOldRefusedCalls(options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - REFUSED_CALLS_KEEP_DAYS * 86_400_000);
  const db = await getDb();
  const rows = await db
    .delete(operatorRefusalCounts)
    .where(lt(operatorRefusalCounts.windowStart, cutoff))
    .returning({ ip: operatorRefusalCounts.ip });
  return rows.length;
}
