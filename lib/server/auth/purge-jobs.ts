import 'server-only';
import type { RecurringJob } from '../jobs/job-handlers';
import type { JobHandlers } from '../jobs/run-jobs';
import { purgeDeletedAccounts } from './purge-deleted-accounts';

/** The job that purges accounts deleted more than 14 days ago. */
export const PURGE_JOB = 'purge_deleted_accounts';

/** Hourly, once over all instances: an account is purged at most an hour after its 14 days end. */
export const PURGE_SCHEDULE: readonly RecurringJob[] = [{ kind: PURGE_JOB, cron: '7 * * * *' }];

export function purgeJobHandlers(): JobHandlers {
  return {
    [PURGE_JOB]: async () => {
      const purged = await purgeDeletedAccounts();
      if (purged > 0) console.log(`[jobs] purged ${purged} deleted account(s)`);
    },
  };
}
