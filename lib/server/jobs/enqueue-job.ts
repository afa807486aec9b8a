import 'server-only';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { jobs } from '../db/schema/payments';

/** How often a job is tried before it is left for an operator to look at (Mollie tries 10 times). */
export const DEFAULT_MAX_ATTEMPTS = 10;

export interface EnqueueJobOptions {
  /** Not before this time (now when absent). */
  runAt?: Date;
  maxAttempts?: number;
}

async function insertJob(
  tx: DbOrTx,
  kind: string,
  payload: Record<string, unknown>,
  options: EnqueueJobOptions & { singletonKey?: string },
): Promise<number | null> {
  const [row] = await tx
    .insert(jobs)
    .values({
      kind,
      payload,
      runAt: options.runAt ?? new Date(),
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      singletonKey: options.singletonKey ?? null,
    })
    .onConflictDoNothing({
      target: jobs.singletonKey,
      where: sql`${jobs.doneAt} is null and ${jobs.singletonKey} is not null`,
    })
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

/**
 * Queues deferred work in the caller's transaction: it runs only if that transaction commits, and
 * survives restarts until a worker of any instance has done it.
 */
export async function enqueueJob(
  tx: DbOrTx,
  kind: string,
  payload: Record<string, unknown>,
  options: EnqueueJobOptions = {},
): Promise<number> {
  const id = await insertJob(tx, kind, payload, options);
  if (id === null) throw new Error(`Job ${kind} not queued`);
  return id;
}

/**
 * Like enqueueJob, but at most one job not yet done holds `singletonKey`: while one waits, queueing
 * another under the same key does nothing and answers null. Batches work: one digest per member.
 */
export function enqueueSingletonJob(
  tx: DbOrTx,
  kind: string,
  payload: Record<string, unknown>,
  singletonKey: string,
  options: EnqueueJobOptions = {},
): Promise<number | null> {
  return insertJob(tx, kind, payload, { ...options, singletonKey });
}
