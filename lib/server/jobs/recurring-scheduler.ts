import 'server-only';
import parser from 'cron-parser';
import PgBoss from 'pg-boss';
import type { RecurringJob } from './job-handlers';
import { queueDueJob } from './queue-due-job';

/** The schema pg-boss keeps its tables in (PostgreSQL only). */
export const PG_BOSS_SCHEMA = 'pgboss';
/** Prefix of our pg-boss queue names, so schedules of jobs that no longer exist can be dropped. */
const QUEUE_PREFIX = 'recurring_';
/** The longest single wait of the in-process timer; it re-reads the clock after it. */
const MAX_TIMER_MS = 3_600_000;

export interface RecurringScheduler {
  /** Which engine fires the due times: pg-boss on PostgreSQL, a timer in this process on PGlite. */
  engine: 'pg-boss' | 'in-process';
  stop(): Promise<void>;
}

export interface StartRecurringJobsOptions {
  jobs: readonly RecurringJob[];
  /** PostgreSQL's address; absent means the embedded database and the in-process timer. */
  connectionString?: string;
  /** Called after a due time was queued, to run it now rather than at the worker's next poll. */
  onQueued?: () => void;
  now?: () => Date;
}

/** The first due time of a five-field cron expression (UTC) after `after`. */
export function nextDueAt(cron: string, after: Date): Date {
  return parser.parseExpression(cron, { tz: 'UTC', currentDate: after }).next().toDate();
}

/** The due time a firing belongs to: its minute (cron's resolution). */
function minuteOf(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 60_000) * 60_000);
}

function queueName(kind: string): string {
  return QUEUE_PREFIX + kind.replace(/[^\w-]/g, '_');
}

async function queue(kind: string, dueAt: Date, onQueued?: () => void): Promise<void> {
  try {
    if (await queueDueJob({ kind, dueAt })) onQueued?.();
  } catch (error) {
    console.error(`[jobs] could not queue ${kind} due ${dueAt.toISOString()}:`, error);
    throw error;
  }
}

/**
 * On PostgreSQL: pg-boss keeps the schedules in the database and fires each due time once over all
 * instances (its cron monitor takes a lock); its worker turns the firing into a run in the app's jobs
 * table, where the handler runs with the same retries as every other job.
 */
async function startPgBoss(options: StartRecurringJobsOptions): Promise<RecurringScheduler> {
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: PG_BOSS_SCHEMA,
    application_name: 'lovelane-schedules',
    max: 2,
  });
  boss.on('error', (error) => console.error('[jobs] pg-boss:', error.message));
  try {
    await boss.start();
    await scheduleOnPgBoss(boss, options);
  } catch (error) {
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
    throw error;
  }
  return { engine: 'pg-boss', stop: () => boss.stop({ graceful: true, wait: true, timeout: 5_000 }) };
}

async function scheduleOnPgBoss(boss: PgBoss, options: StartRecurringJobsOptions): Promise<void> {
  const wanted = new Map(options.jobs.map((job) => [queueName(job.kind), job]));
  for (const schedule of await boss.getSchedules()) {
    if (schedule.name.startsWith(QUEUE_PREFIX) && !wanted.has(schedule.name))
      await boss.unschedule(schedule.name);
  }
  for (const [name, job] of wanted) {
    await boss.createQueue(name, { name, policy: 'standard', retryLimit: 5, retryDelay: 30 });
    await boss.schedule(name, job.cron, {}, { tz: 'UTC' });
    await boss.work(name, { includeMetadata: true, pollingIntervalSeconds: 5 }, async (firings) => {
      for (const firing of firings) await queue(job.kind, minuteOf(firing.createdOn), options.onQueued);
    });
  }
}

/** How often starting pg-boss is tried when instances starting together deadlock each other. */
const START_ATTEMPTS = 6;

function isDeadlock(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '40P01';
}

/**
 * Several instances starting at once (a primary's processes, a rolling deploy) create pg-boss's
 * queues and schedules together, and PostgreSQL may end one of them with a deadlock: that one waits
 * a moment and starts again.
 */
async function startPgBossRetrying(options: StartRecurringJobsOptions): Promise<RecurringScheduler> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startPgBoss(options);
    } catch (error) {
      if (!isDeadlock(error) || attempt >= START_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 400 * attempt));
    }
  }
}

/** On the embedded database (one process): a timer per recurring job, set to its next due time. */
function startInProcess(options: StartRecurringJobsOptions): RecurringScheduler {
  const now = options.now ?? (() => new Date());
  const timers = new Map<string, NodeJS.Timeout>();
  let stopped = false;

  const arm = (job: RecurringJob, dueAt: Date) => {
    if (stopped) return;
    const wait = Math.max(0, Math.min(dueAt.getTime() - now().getTime(), MAX_TIMER_MS));
    const timer = setTimeout(() => {
      if (now().getTime() < dueAt.getTime()) return arm(job, dueAt);
      void queue(job.kind, dueAt, options.onQueued)
        .catch(() => undefined)
        .finally(() => arm(job, nextDueAt(job.cron, dueAt)));
    }, wait);
    timer.unref();
    timers.set(job.kind, timer);
  };
  for (const job of options.jobs) arm(job, nextDueAt(job.cron, now()));

  return {
    engine: 'in-process',
    stop: () => {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      return Promise.resolve();
    },
  };
}

/**
 * Starts firing the recurring jobs: each due time becomes one run in the jobs table (payload
 * `{ dueAt }`), which the job worker then does. Due times missed while no instance ran are not
 * made up; the jobs themselves look at what is due, so the next run covers them.
 */
export async function startRecurringJobs(options: StartRecurringJobsOptions): Promise<RecurringScheduler> {
  for (const job of options.jobs) nextDueAt(job.cron, new Date()); // A bad expression stops the start.
  return options.connectionString ? startPgBossRetrying(options) : startInProcess(options);
}
