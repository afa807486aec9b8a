import 'server-only';
import { runDueJobs, type JobHandlers } from './run-jobs';

export interface JobWorker {
  /** Stops polling and waits for the jobs under way; call before the database closes. */
  stop(): Promise<void>;
  /** Runs due jobs now instead of at the next poll (after queueing something urgent). */
  poke(): void;
}

/**
 * Polls the job queue every `pollMs` and runs what is due. Every instance may run one: claims skip
 * rows another instance holds. A failing poll (database briefly away) is logged and retried.
 */
export function startJobWorker(options: {
  handlers: JobHandlers;
  pollMs?: number;
  retryBaseMs?: number;
}): JobWorker {
  const pollMs = options.pollMs ?? 500;
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(tick, delay);
    timer.unref();
  };
  const tick = () => {
    timer = null;
    if (stopped || running) return;
    running = (async () => {
      let ran = 0;
      try {
        ran = await runDueJobs({ handlers: options.handlers, retryBaseMs: options.retryBaseMs });
      } catch (error) {
        console.error('[jobs] poll failed:', error instanceof Error ? error.message : error);
      } finally {
        running = null;
        // A full batch means more may be waiting: go on at once.
        schedule(ran > 0 ? 0 : pollMs);
      }
    })();
  };
  schedule(0);

  return {
    poke: () => {
      if (stopped || running) return;
      if (timer) clearTimeout(timer);
      schedule(0);
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
