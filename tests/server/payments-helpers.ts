import { eq } from 'drizzle-orm';
import { createApiApp } from '@/lib/server/api/app';
import { creditBundles } from '@/lib/server/db/schema';
import { jobHandlers } from '@/lib/server/jobs/job-handlers';
import { runDueJobs, type JobHandlers } from '@/lib/server/jobs/run-jobs';
import type { Db } from '@/lib/server/db/client';

/** The app's own API standing in for the network: the sandbox's webhook calls reach it in process. */
export function inProcessFetch(options: { failFirst?: number; calls?: string[] } = {}): typeof fetch {
  const app = createApiApp();
  let failures = options.failFirst ?? 0;
  return async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input);
    options.calls?.push(`${url.pathname} ${typeof init?.body === 'string' ? init.body : ''}`);
    if (failures > 0) {
      failures -= 1;
      return new Response('unavailable', { status: 503 });
    }
    return app.request(`${url.pathname}${url.search}`, {
      ...init,
      headers: { ...(init?.headers as Record<string, string>), host: url.host },
    });
  };
}

/**
 * Runs every job due at `at` (now by default) until none is left: the sandbox's webhook calls,
 * its settling of mandate charges (due a few seconds later: pass a later `at`), the receipts.
 */
export async function drainJobs(options: { at?: Date; handlers?: JobHandlers } = {}): Promise<number> {
  const handlers = options.handlers ?? jobHandlers({ fetch: inProcessFetch() });
  let total = 0;
  for (let round = 0; round < 20; round += 1) {
    const ran = await runDueJobs({ handlers, now: () => options.at ?? new Date(), retryBaseMs: 1_000 });
    total += ran;
    if (ran === 0) return total;
  }
  return total;
}

/** A bundle on sale in a country (the seed's second size). */
export async function bundleIn(db: Db, country: string) {
  const rows = await db.select().from(creditBundles).where(eq(creditBundles.country, country));
  const bundle = rows.sort((a, b) => a.position - b.position)[1];
  if (!bundle) throw new Error(`no bundles in ${country}`);
  return bundle;
}

/** The sandbox payment id in a checkout URL. */
export function sandboxIdOf(checkoutUrl: string | null): string {
  const id = /\/sandbox\/checkout\/(tr_sbx_[A-Za-z0-9]+)$/.exec(checkoutUrl ?? '')?.[1];
  if (!id) throw new Error(`not a sandbox checkout URL: ${checkoutUrl}`);
  return id;
}

export const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1_000);
