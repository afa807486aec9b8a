import 'server-only';
import { z } from 'zod';
import type { JobHandlers } from '../jobs/run-jobs';
import { liftSuspension } from './lift-suspension';

/** The job that ends a suspension when its time is up (queued with the suspension). */
export const LIFT_SUSPENSION_JOB = 'moderation.lift_suspension';

const LiftPayloadSchema = z.object({ userId: z.number().int() });

/** The moderation jobs the worker runs. */
export function moderationJobHandlers(): JobHandlers {
  return {
    [LIFT_SUSPENSION_JOB]: async (payload) => {
      await liftSuspension({ userId: LiftPayloadSchema.parse(payload).userId });
    },
  };
}
