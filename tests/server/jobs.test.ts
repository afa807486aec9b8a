// The job queue: claimed once across concurrent workers, retried with back-off, cleaned up.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '@/lib/server/db/schema';
import { deleteOldJobs } from '@/lib/server/jobs/delete-old-jobs';
import { enqueueJob } from '@/lib/server/jobs/enqueue-job';
import { startJobWorker } from '@/lib/server/jobs/job-worker';
import { retryDelayMs, runDueJobs } from '@/lib/server/jobs/run-jobs';
import { withTestDatabase } from '../helpers/database';

const db = withTestDatabase();

describe('job queue', () => {
  it('runs each job once when several workers claim at the same time', async () => {
    const database = db.handle().db;
    const kind = 'count-once';
    for (let i = 0; i < 30; i += 1) await enqueueJob(database, kind, { n: i });
    const seen: number[] = [];
    const handlers = {
      [kind]: async (payload: Record<string, unknown>) => {
        // Yield, so the other workers' claims interleave with this one's work.
        await new Promise((resolve) => setImmediate(resolve));
        seen.push(Number(payload.n));
      },
    };
    const worker = async () => {
      let total = 0;
      for (let ran = -1; ran !== 0;) {
        ran = await runDueJobs({ handlers, limit: 4 });
        total += ran;
      }
      return total;
    };
    const totals = await Promise.all([worker(), worker(), worker()]);
    expect(totals.reduce((a, b) => a + b, 0)).toBe(30);
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    const open = await database
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = ${kind} and ${jobs.doneAt} is null`);
    expect(open).toEqual([]);
  });

  it('waits longer after each failure: a minute, two, four… in production', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 60_000))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(30, 60_000)).toBe(6 * 3_600_000);
  });

  it('does not run a job before its time', async () => {
    const database = db.handle().db;
    const ran: string[] = [];
    await enqueueJob(database, 'later', {}, { runAt: new Date(Date.now() + 60_000) });
    const handlers = {
      later: () => {
        ran.push('later');
        return Promise.resolve();
      },
    };
    expect(await runDueJobs({ handlers })).toBe(0);
    expect(await runDueJobs({ handlers, now: () => new Date(Date.now() + 61_000) })).toBe(1);
    expect(ran).toEqual(['later']);
  });

  it('polls in the background and stops cleanly', async () => {
    const database = db.handle().db;
    let resolveDone: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      resolveDone = resolve;
    });
    const worker = startJobWorker({
      handlers: {
        ping: () => {
          resolveDone();
          return Promise.resolve();
        },
      },
      pollMs: 20,
    });
    await enqueueJob(database, 'ping', {});
    await done;
    await worker.stop();
    const [row] = await database.select().from(jobs).where(eq(jobs.kind, 'ping'));
    expect(row?.doneAt).toBeInstanceOf(Date);
  });

  it('deletes done jobs after a week and failed ones after a month, keeping open ones', async () => {
    const database = db.handle().db;
    const old = new Date(Date.now() - 8 * 86_400_000);
    const doneId = await enqueueJob(database, 'old-done', {});
    const openId = await enqueueJob(database, 'old-open', {});
    const failedId = await enqueueJob(database, 'old-failed', {}, { maxAttempts: 1 });
    const gaveUpId = await enqueueJob(database, 'gave-up', {}, { maxAttempts: 1 });
    await database.update(jobs).set({ doneAt: old }).where(eq(jobs.id, doneId));
    await database.update(jobs).set({ createdAt: old, runAt: old }).where(eq(jobs.id, openId));
    await database.update(jobs).set({ attempts: 1, runAt: old }).where(eq(jobs.id, failedId));
    const monthAgo = new Date(Date.now() - 31 * 86_400_000);
    await database.update(jobs).set({ attempts: 1, runAt: monthAgo }).where(eq(jobs.id, gaveUpId));
    expect(await deleteOldJobs()).toBeGreaterThanOrEqual(2);
    const ids = [doneId, openId, failedId, gaveUpId];
    const left = await database
      .select({ id: jobs.id })
      .from(jobs)
      .where(sql`${jobs.id} in (${sql.join(ids, sql`, `)})`)
      .orderBy(jobs.id);
    expect(left.map((r) => r.id)).toEqual([openId, failedId]);
  });
});
