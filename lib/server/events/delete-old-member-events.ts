import 'server-only';
import { lt, sql } from 'drizzle-orm';
import { EVENTS_KEEP_HOURS } from '@/lib/shared/schemas/chat';
import { getDb } from '../db/client';
import { memberEvents } from '../db/schema/chat';

/** Rows one delete statement removes at most, so no statement holds its locks for long. */
const BATCH = 10_000;

/**
 * Deletes member events older than EVENTS_KEEP_HOURS: a stream that resumes after longer gets a
 * resync instead of a replay. Part of the hourly housekeeping; idempotent and safe to run from
 * several instances at once. Answers how many rows went.
 */
export async function deleteOldMemberEvents(options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - EVENTS_KEEP_HOURS * 3_600_000);
  const db = await getDb();
  let deleted = 0;
  for (;;) {
    const old = db
      .select({ id: memberEvents.id })
      .from(memberEvents)
      .where(lt(memberEvents.createdAt, cutoff))
      .limit(BATCH);
    const rows = await db
      .delete(memberEvents)
      .where(sql`${memberEvents.id} in (${old})`)
      .returning({ id: memberEvents.id });
    deleted += rows.length;
    if (rows.length < BATCH) return deleted;
  }
}
