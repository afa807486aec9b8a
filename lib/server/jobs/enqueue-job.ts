import 'server-only';
import type { DbOrTx } from '../db/client';
import { jobs } from '../db/schema/payments';

/** How often a job is tried before it is left for an operator to look at (Mollie tries 10 times). */
export const DEFAULT_MAX_ATTEMPTS = 10;

export interface EnqueueJobOptions {
  /** Not before this time (now when absent). */
  runAt?: Date;
  maxAttempts?: number;
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
  const [row] = await tx
    .insert(jobs)
    .values({
      kind,
      payload,
      runAt: options.runAt ?? new Date(),
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    })
    .returning({ id: jobs.id });
  if (!row) throw new Error(`Job ${kind} not queued`);
  return row.id;
}
