import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { jobs } from '../db/schema/payments';
import { env } from '../env';

export type JobRow = typeof jobs.$inferSelect;

/** Does one job of a kind; throwing makes it try again later. */
export type JobHandler = (payload: Record<string, unknown>, job: JobRow) => Promise<void>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** How long a claimed job is reserved for the worker that claimed it; after that another may take it. */
export const JOB_LEASE_MS = 5 * 60_000;
/** The longest wait between two tries. */
const MAX_RETRY_DELAY_MS = 6 * 3_600_000;

export interface RunJobsOptions {
  handlers: JobHandlers;
  /** Jobs claimed at once. */
  limit?: number;
  /** Wait before the second try; it doubles with every further try (JOB_RETRY_BASE_MS, else a minute). */
  retryBaseMs?: number;
  now?: () => Date;
}

/** The wait after the `attempts`-th failed try: base, 2×base, 4×base, … capped at six hours. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

/**
 * Claims the jobs that are due (`FOR UPDATE SKIP LOCKED`, so several instances never take the same
 * one), runs each with its kind's handler, and marks it done or schedules the next try with an
 * exponential back-off. A job whose tries are used up stays in the table with its last error.
 * Answers how many jobs ran.
 */
export async function runDueJobs(options: RunJobsOptions): Promise<number> {
  const now = options.now ?? (() => new Date());
  const baseMs = options.retryBaseMs ?? env().JOB_RETRY_BASE_MS;
  const db = await getDb();
  const claimedAt = now();
  const leaseEnd = new Date(claimedAt.getTime() + JOB_LEASE_MS);
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        sql`${jobs.doneAt} is null`,
        sql`${jobs.runAt} <= ${claimedAt}`,
        sql`${jobs.attempts} < ${jobs.maxAttempts}`,
        sql`(${jobs.lockedUntil} is null or ${jobs.lockedUntil} < ${claimedAt})`,
      ),
    )
    .orderBy(jobs.runAt, jobs.id)
    .limit(options.limit ?? 10)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(jobs)
    .set({ attempts: sql`${jobs.attempts} + 1`, lockedUntil: leaseEnd })
    .where(sql`${jobs.id} in (${due})`)
    .returning();

  for (const job of claimed.sort((a, b) => a.id - b.id)) {
    const handler = options.handlers[job.kind];
    try {
      if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
      await handler(job.payload, job);
      await db
        .update(jobs)
        .set({ doneAt: now(), lockedUntil: null, lastError: null })
        .where(eq(jobs.id, job.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const isLast = job.attempts >= job.maxAttempts;
      if (isLast)
        console.error(
          `[jobs] ${job.kind} #${job.id} failed for good after ${job.attempts} tries: ${message}`,
        );
      await db
        .update(jobs)
        .set({
          lockedUntil: null,
          lastError: message.slice(0, 2_000),
          runAt: new Date(now().getTime() + retryDelayMs(job.attempts, baseMs)),
        })
        .where(eq(jobs.id, job.id));
    }
  }
  return claimed.length;
}
