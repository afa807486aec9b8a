import 'server-only';
import type { RecurringJob } from '../jobs/job-handlers';
import type { JobHandlers } from '../jobs/run-jobs';
import { deleteExpiredSelfies } from './delete-expired-selfies';

/** The job that deletes verification selfies 30 days after their decision. */
export const SELFIE_DELETION_JOB = 'verification.delete_expired_selfies';

/** Hourly, once over all instances: a selfie is gone at most an hour after its 30 days end. */
export const SELFIE_DELETION_SCHEDULE: readonly RecurringJob[] = [
  { kind: SELFIE_DELETION_JOB, cron: '23 * * * *' },
];

export function verificationJobHandlers(): JobHandlers {
  return {
    [SELFIE_DELETION_JOB]: async () => {
      const deleted = await deleteExpiredSelfies();
      if (deleted > 0) console.log(`[jobs] deleted ${deleted} verification selfie(s) past their 30 days`);
    },
  };
}
