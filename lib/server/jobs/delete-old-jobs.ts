import 'server-only';
import { and, isNotNull, lt, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { jobs } from '../db/schema/payments';

/** Done jobs are kept this long (to see what ran), then deleted by the hourly housekeeping. */
export const DONE_JOBS_KEEP_DAYS = 7;
const BATCH = 10_000;

/** Deletes jobs done more than DONE_JOBS_KEEP_DAYS ago; safe from several instances. Answers how many went. */
export async function deleteOldJobs(options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - DONE_JOBS_KEEP_DAYS * 86_400_000);
  const db = await getDb();
  let deleted = 0;
  for (;;) {
    const old = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(isNotNull(jobs.doneAt), lt(jobs.doneAt, cutoff)))
      .limit(BATCH);
    const rows = await db
      .delete(jobs)
      .where(sql`${jobs.id} in (${old})`)
      .returning({ id: jobs.id });
    deleted += rows.length;
    if (rows.length < BATCH) return deleted;
  }
}
