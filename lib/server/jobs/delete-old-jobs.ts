import 'server-only';
import { and, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { jobs } from '../db/schema/payments';

/** Done jobs are kept this long (to see what ran), then deleted by the hourly housekeeping. */
export const DONE_JOBS_KEEP_DAYS = 7;
/** Jobs that failed for good are kept longer, for a person to look into. */
export const FAILED_JOBS_KEEP_DAYS = 30;
const BATCH = 10_000;

/**
 * Deletes jobs done more than DONE_JOBS_KEEP_DAYS ago, and those whose tries ran out more than
 * FAILED_JOBS_KEEP_DAYS ago; safe from several instances. Answers how many went.
 */
export async function deleteOldJobs(options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - DONE_JOBS_KEEP_DAYS * 86_400_000);
  const failedCutoff = new Date(now.getTime() - FAILED_JOBS_KEEP_DAYS * 86_400_000);
  const db = await getDb();
  let deleted = 0;
  for (;;) {
    const old = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        or(
          and(isNotNull(jobs.doneAt), lt(jobs.doneAt, cutoff)),
          and(isNull(jobs.doneAt), gte(jobs.attempts, jobs.maxAttempts), lt(jobs.runAt, failedCutoff)),
        ),
      )
      .limit(BATCH);
    const rows = await db
      .delete(jobs)
      .where(sql`${jobs.id} in (${old})`)
      .returning({ id: jobs.id });
    deleted += rows.length;
    if (rows.length < BATCH) return deleted;
  }
}
