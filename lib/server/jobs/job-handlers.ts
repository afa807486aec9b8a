import 'server-only';
import { EMAIL_SWEEP_SCHEDULE, notificationJobHandlers } from '../notifications/notification-jobs';
import { paymentJobHandlers } from '../payments/payment-jobs';
import type { JobHandlers } from './run-jobs';

/** Every kind of job the app queues, with its handler: what the worker in server.ts runs. */
export function jobHandlers(options: { fetch?: typeof fetch } = {}): JobHandlers {
  return { ...paymentJobHandlers(options), ...notificationJobHandlers() };
}

/** A job queued on a schedule: `cron` has five fields (minute hour day month weekday), in UTC. */
export interface RecurringJob {
  kind: string;
  cron: string;
}

/** Jobs that run on a schedule, once per due time over all instances; their kinds are in jobHandlers. */
export function recurringJobs(): readonly RecurringJob[] {
  return [...EMAIL_SWEEP_SCHEDULE];
}
