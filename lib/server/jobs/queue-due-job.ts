import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { jobs } from '../db/schema/payments';
import { DEFAULT_MAX_ATTEMPTS } from './enqueue-job';

/** The jobs-table key of a recurring job's run for one due time. */
export function recurringJobKey(kind: string, dueAt: Date): string {
  return `recurring:${kind}:${dueAt.toISOString()}`;
}

/**
 * Queues the run of a recurring job for one due time, with payload `{ dueAt }`, unless that run was
 * queued before (waiting, running or done): a due time fires once however many instances see it.
 * Answers whether it was queued now.
 */
export async function queueDueJob(options: { kind: string; dueAt: Date }): Promise<boolean> {
  const { kind, dueAt } = options;
  const key = recurringJobKey(kind, dueAt);
  const db = await getDb();
  // Not exists covers runs already done; the unique index on waiting keys covers a race of two.
  const inserted = await rowsOf<{ id: number }>(
    db,
    sql`
    insert into ${jobs} (kind, payload, run_at, max_attempts, singleton_key)
    select ${kind}, ${JSON.stringify({ dueAt: dueAt.toISOString() })}::jsonb, ${dueAt}, ${DEFAULT_MAX_ATTEMPTS}, ${key}
    where not exists (select 1 from ${jobs} where singleton_key = ${key})
    on conflict do nothing
    returning id`,
  );
  return inserted.length > 0;
}
