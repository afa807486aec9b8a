import 'server-only';

/** What one sweep did. */
export interface SweepResult {
  /** Mails sent. */
  sent: number;
  /** Mails that failed and will be tried again by a later run. */
  failed: number;
}

/**
 * Counts a sweep's mails. One member's failure does not stop the others; at the end the sweep
 * throws if any failed, so its job is tried again (which sends only what is still missing).
 */
export function sweepTally(name: string) {
  const result: SweepResult = { sent: 0, failed: 0 };
  let firstError: unknown = null;
  return {
    async send(what: string, attempt: () => Promise<boolean>): Promise<void> {
      try {
        if (await attempt()) result.sent += 1;
      } catch (error) {
        result.failed += 1;
        firstError ??= error;
        console.error(
          `[notifications] ${name}: ${what} failed:`,
          error instanceof Error ? error.message : error,
        );
      }
    },
    finish(): SweepResult {
      if (result.failed > 0) {
        const reason = firstError instanceof Error ? firstError.message : String(firstError);
        throw new Error(
          `${name}: ${result.failed} of ${result.sent + result.failed} mails failed (${reason})`,
          {
            cause: firstError,
          },
        );
      }
      return result;
    },
  };
}
