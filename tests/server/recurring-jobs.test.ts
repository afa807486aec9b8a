// Recurring jobs: each due time is queued once (however many instances see it), then runs as a job.
import { eq, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jobs } from '@/lib/server/db/schema';
import { enqueueSingletonJob } from '@/lib/server/jobs/enqueue-job';
import { queueDueJob, recurringJobKey } from '@/lib/server/jobs/queue-due-job';
import {
  nextDueAt,
  PG_BOSS_SCHEMA,
  startRecurringJobs,
  type RecurringScheduler,
} from '@/lib/server/jobs/recurring-scheduler';
import { runDueJobs } from '@/lib/server/jobs/run-jobs';
import { withTestDatabase } from '../helpers/database';

const db = withTestDatabase();
let scheduler: RecurringScheduler | null = null;

afterEach(async () => {
  vi.useRealTimers();
  await scheduler?.stop();
  scheduler = null;
});

const runsOf = (kind: string) =>
  db.handle().db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(jobs.id);

describe('recurring jobs', () => {
  it('reads cron expressions in UTC', () => {
    const after = new Date('2026-11-25T09:00:00Z');
    expect(nextDueAt('0 8 * * *', after).toISOString()).toBe('2026-11-26T08:00:00.000Z');
    expect(nextDueAt('*/15 * * * *', after).toISOString()).toBe('2026-11-25T09:15:00.000Z');
    // Mondays at 09:00: 25 November 2026 is a Wednesday.
    expect(nextDueAt('0 9 * * 1', after).toISOString()).toBe('2026-11-30T09:00:00.000Z');
    expect(() => nextDueAt('not a cron', after)).toThrow();
  });

  it('queues a due time once, even after that run is done', async () => {
    const dueAt = new Date('2026-11-25T08:00:00Z');
    const results = await Promise.all([1, 2, 3].map(() => queueDueJob({ kind: 'daily-once', dueAt })));
    expect(results.filter(Boolean)).toHaveLength(1);

    const seen: unknown[] = [];
    await runDueJobs({ handlers: { 'daily-once': (payload) => Promise.resolve(void seen.push(payload)) } });
    expect(seen).toEqual([{ dueAt: '2026-11-25T08:00:00.000Z' }]);

    // Another instance that saw the same due time late queues nothing.
    expect(await queueDueJob({ kind: 'daily-once', dueAt })).toBe(false);
    expect(await queueDueJob({ kind: 'daily-once', dueAt: new Date('2026-11-26T08:00:00Z') })).toBe(true);
    const runs = await runsOf('daily-once');
    expect(runs.map((run) => run.singletonKey)).toEqual([
      recurringJobKey('daily-once', dueAt),
      recurringJobKey('daily-once', new Date('2026-11-26T08:00:00Z')),
    ]);
  });

  it('keeps one waiting job per singleton key, and takes a new one once it is done', async () => {
    const database = db.handle().db;
    const first = await enqueueSingletonJob(database, 'digest', { member: 1 }, 'digest:1');
    expect(first).not.toBeNull();
    expect(await enqueueSingletonJob(database, 'digest', { member: 1 }, 'digest:1')).toBeNull();
    expect(await enqueueSingletonJob(database, 'digest', { member: 2 }, 'digest:2')).not.toBeNull();
    await runDueJobs({ handlers: { digest: () => Promise.resolve() } });
    expect(await enqueueSingletonJob(database, 'digest', { member: 1 }, 'digest:1')).not.toBeNull();
    const waiting = await database
      .select()
      .from(jobs)
      .where(sql`${jobs.kind} = 'digest' and ${jobs.doneAt} is null`);
    expect(waiting).toHaveLength(1);
  });

  it.runIf(process.env.TEST_DATABASE_URL === undefined)(
    'fires each due time from a timer on the embedded database',
    async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      let clock = new Date('2026-11-25T09:59:30Z');
      let queued = 0;
      scheduler = await startRecurringJobs({
        jobs: [{ kind: 'hourly-tick', cron: '0 * * * *' }],
        now: () => clock,
        onQueued: () => (queued += 1),
      });
      expect(scheduler.engine).toBe('in-process');
      clock = new Date('2026-11-25T10:00:00Z');
      await vi.advanceTimersByTimeAsync(30_000);
      await vi.waitFor(async () => expect(await runsOf('hourly-tick')).toHaveLength(1));
      expect(queued).toBe(1);
      const [run] = await runsOf('hourly-tick');
      expect(run?.payload).toEqual({ dueAt: '2026-11-25T10:00:00.000Z' });
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL !== undefined)(
    'keeps the schedules in pg-boss on PostgreSQL and turns a firing into one run',
    async () => {
      const url = db.url();
      if (!url) throw new Error('the PostgreSQL test database has no address');
      scheduler = await startRecurringJobs({
        jobs: [{ kind: 'weekly.update', cron: '0 9 * * 1' }],
        connectionString: url,
      });
      expect(scheduler.engine).toBe('pg-boss');

      const boss = new PgBoss({ connectionString: url, schema: PG_BOSS_SCHEMA, max: 1 });
      await boss.start();
      try {
        const schedules = await boss.getSchedules();
        expect(schedules.map((s) => [s.name, s.cron])).toEqual([['recurring_weekly_update', '0 9 * * 1']]);
        // What pg-boss's cron monitor does at the due time: one job on the queue.
        await boss.send('recurring_weekly_update', {});
        await vi.waitFor(async () => expect(await runsOf('weekly.update')).toHaveLength(1), {
          timeout: 15_000,
          interval: 200,
        });
      } finally {
        await boss.stop({ graceful: false, wait: true });
      }
    },
    30_000,
  );
});
