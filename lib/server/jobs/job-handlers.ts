import 'server-only';
import type { Agent } from 'node:https';
import { purgeJobHandlers, PURGE_SCHEDULE } from '../auth/purge-jobs';
import { dataExportJobHandlers } from '../data-export/data-export-jobs';
import { moderationJobHandlers } from '../moderation/moderation-jobs';
import { EMAIL_SWEEP_SCHEDULE, notificationJobHandlers } from '../notifications/notification-jobs';
import { paymentJobHandlers } from '../payments/payment-jobs';
import { SANDBOX_EXPIRE_SCHEDULE } from '../payments/sandbox-actions';
import { pushJobHandlers } from '../push/send-member-push';
import { SELFIE_DELETION_SCHEDULE, verificationJobHandlers } from '../verification/verification-jobs';
import type { JobHandlers } from './run-jobs';

/**
 * Every kind of job the app queues, with its handler: what the worker in server.ts runs. Tests hand
 * in `fetch` (the sandbox's webhook calls) and `pushAgent` (the HTTPS agent pushes are posted with).
 */
export function jobHandlers(options: { fetch?: typeof fetch; pushAgent?: Agent } = {}): JobHandlers {
  return {
    ...paymentJobHandlers(options),
    ...pushJobHandlers({ agent: options.pushAgent }),
    ...notificationJobHandlers(),
    ...dataExportJobHandlers(),
    ...purgeJobHandlers(),
    ...moderationJobHandlers(),
    ...verificationJobHandlers(),
  };
}

/** A job queued on a schedule: `cron` has five fields (minute hour day month weekday), in UTC. */
export interface RecurringJob {
  kind: string;
  cron: string;
}

/** Jobs that run on a schedule, once per due time over all instances; their kinds are in jobHandlers. */
export function recurringJobs(): readonly RecurringJob[] {
  return [
    ...EMAIL_SWEEP_SCHEDULE,
    ...PURGE_SCHEDULE,
    ...SANDBOX_EXPIRE_SCHEDULE,
    ...SELFIE_DELETION_SCHEDULE,
  ];
}
