import 'server-only';
import { z } from 'zod';
import type { JobHandlers } from '../jobs/run-jobs';
import { buildDataExport, failDataExport } from './build-data-export';
import { DATA_EXPORT_JOB } from './data-export-state';

const PayloadSchema = z.object({ exportId: z.number().int() });

/** The job that builds a member's copy of their data; when its last try fails, the request shows as failed. */
export function dataExportJobHandlers(): JobHandlers {
  return {
    [DATA_EXPORT_JOB]: async (payload, job) => {
      const { exportId } = PayloadSchema.parse(payload);
      try {
        await buildDataExport({ exportId });
      } catch (error) {
        if (job.attempts >= job.maxAttempts) await failDataExport({ exportId });
        throw error;
      }
    },
  };
}
