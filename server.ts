// The process: Next.js renders the pages, Hono answers /api/, on one port. On PostgreSQL several
// such processes share the port (one per core, or WEB_CONCURRENCY), started by a primary process.
import cluster from 'node:cluster';
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import next from 'next';
import { createApiApp } from '@/lib/server/api/app';
import { prepareDatabase } from '@/lib/server/boot';
import { deleteExpiredSessions } from '@/lib/server/auth/sessions';
import { deleteExpiredExports } from '@/lib/server/data-export/delete-expired-exports';
import { deleteOldMemberEvents } from '@/lib/server/events/delete-old-member-events';
import { deleteOldJobs } from '@/lib/server/jobs/delete-old-jobs';
import { deleteOldRateLimitWindows } from '@/lib/server/security/rate-limit';
import { deleteOldNotificationDeliveries } from '@/lib/server/notifications/delete-old-deliveries';
import { deleteOldRefusedCalls } from '@/lib/server/operators/delete-old-refused-calls';
import { deleteOldMailEventTokens } from '@/lib/server/notifications/delete-old-mail-event-tokens';
import { deleteExpiredChallenges } from '@/lib/server/passkeys/passkey-challenges';
import { jobHandlers, recurringJobs } from '@/lib/server/jobs/job-handlers';
import { startRecurringJobs } from '@/lib/server/jobs/recurring-scheduler';
import { startJobWorker } from '@/lib/server/jobs/job-worker';
import { getPaymentProvider } from '@/lib/server/payments/get-payment-provider';
import { checkSandboxDeployment } from '@/lib/server/payments/sandbox-deployment';
import { closeMessageBus } from '@/lib/server/bus/get-message-bus';
import { closeMemberEventHub } from '@/lib/server/events/hub';
import { closeRedis } from '@/lib/server/redis/get-redis';
import { closeDatabase, database } from '@/lib/server/db/client';
import { getGazetteer } from '@/lib/server/geo/gazetteer';
import { env } from '@/lib/server/env';
import { providePageServices } from '@/lib/server/provide-page-services';
import { CLIENT_ADDRESS_HEADER } from '@/lib/shared/client-address';
import { mailConfig } from '@/lib/server/mail/mail-config';
import { CDN_PATH, serveCdn } from '@/lib/server/storage/serve-cdn';
import { answerMemoryRateLimits } from '@/lib/server/security/memory-rate-limit';
import { serverProcessCount } from '@/lib/server/server-processes';
import { createMemberPageCache, isOwnRender } from '@/lib/server/page-cache/member-page-cache';
import { answerPageStore } from '@/lib/server/page-cache/page-store';

/** How long an idle keep-alive connection is kept (Node's default of 5 s races with clients). */
const KEEP_ALIVE_MS = 65_000;

async function main(): Promise<void> {
  const config = env();
  const mail = mailConfig();
  const dev = config.NODE_ENV === 'development';
  const started = Date.now();

  // One of several processes: the primary has migrated and loaded the reference data already.
  const handle = cluster.isWorker ? await database() : await prepareDatabase();
  console.log(`[server] database ready (${handle.kind}) in ${Date.now() - started} ms`);
  if (!cluster.isWorker) await refuseUnallowedSandbox();
  if (!dev && !config.APP_URL) {
    console.log(
      '[server] APP_URL is not set: changes are accepted only from configured site domains (npm run db:site) ' +
        'and from this machine (localhost); set APP_URL to the public address of the site',
    );
  }
  console.log(
    `[server] mail ${mail.smtpUrl ? 'goes out through SMTP' : 'is kept in the outbox (no SMTP_URL set)'}`,
  );

  // The offline geocoding index (about 0.8 s to build) is made now, not on a member's first request.
  getGazetteer();

  // Pages use this process's copy of the server modules, not one of their own.
  providePageServices();
  const pages = next({ dev, turbopack: dev, hostname: config.HOST, port: config.PORT, dir: process.cwd() });
  const renderPage = pages.getRequestHandler();
  await pages.prepare();

  const api = getRequestListener(createApiApp().fetch);
  const cdn = getRequestListener(serveCdn);
  const memberPages = createMemberPageCache({ host: config.HOST, port: config.PORT });
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/api/')) {
      void api(req, res);
      return;
    }
    if (req.url?.startsWith(CDN_PATH)) {
      void cdn(req, res);
      return;
    }
    // The page side sees no socket: it learns the client's address from this header alone (a class
    // render of the page cache brings its viewer's).
    if (!isOwnRender(req)) req.headers[CLIENT_ADDRESS_HEADER] = req.socket.remoteAddress ?? 'unknown';
    void memberPages
      .handle(req, res)
      .catch((error: unknown) => {
        console.error('[server] page cache:', error);
        return res.headersSent;
      })
      .then((answered) => {
        if (!answered) void renderPage(req, res);
      });
  });
  // Idle keep-alive connections stay open longer than the clients and proxies in front keep theirs
  // (load balancers typically 60 s): a client reusing a socket the server has just closed gets a
  // reset instead of an answer, which browsers retry but API clients do not. Headers must still
  // come within the request timeout, so that limit sits above this one.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  if (dev) {
    const upgrade = pages.getUpgradeHandler();
    server.on('upgrade', (req, socket, head) => void upgrade(req, socket, head));
  }

  // A payment service without an installed adapter stops the start rather than the first checkout.
  const paymentService = getPaymentProvider().name;
  console.log(`[server] payments go to ${paymentService}`);
  if (paymentService === 'sandbox' && !dev) {
    console.warn(
      config.ALLOW_SANDBOX_PAYMENTS
        ? '[server] a test site (ALLOW_SANDBOX_PAYMENTS=1): payers choose the outcome of their own sandbox payments (no money), and every page says so'
        : '[server] the sandbox payment service lets payers choose the outcome (test payments, no money): set PAYMENT_PROVIDER=mollie and MOLLIE_API_KEY to take real payments',
    );
  }

  // Deferred work (payment webhook calls with their retries, receipts): every process polls the
  // queue; claims skip the jobs another process holds.
  const jobs = startJobWorker({ handlers: jobHandlers() });
  // Scheduled work (notification digests, reminders, weekly mails): pg-boss fires each due time
  // once over all instances on PostgreSQL, a timer does on the embedded database.
  const schedules = await startRecurringJobs({
    jobs: recurringJobs(),
    connectionString: config.DATABASE_URL,
    onQueued: () => jobs.poke(),
  });
  console.log(`[server] schedules fire through ${schedules.engine}`);

  // Housekeeping every hour (and once shortly after start): drop expired sessions, member events older
  // than streams resume, jobs done long ago, notification delivery records past any sweep's reach,
  // tokens of mail-event reports past their freshness window, members' copies of their data past
  // their expiry, old counts of refused console calls, passkey challenges nobody answered and
  // rate-limit windows past any limit's reach. Safe to run in every instance. (Purging deleted
  // accounts is a scheduled job: see recurringJobs.)
  const housekeeping = () =>
    void Promise.all([
      deleteExpiredSessions(),
      deleteOldMemberEvents(),
      deleteOldJobs(),
      deleteOldNotificationDeliveries(),
      deleteOldMailEventTokens(),
      deleteExpiredExports(),
      deleteOldRefusedCalls(),
      deleteExpiredChallenges(),
      deleteOldRateLimitWindows(),
    ]).catch((error: unknown) => console.error('[server] housekeeping failed:', error));
  setTimeout(housekeeping, 60_000).unref();
  setInterval(housekeeping, 3_600_000).unref();

  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    console.log(`[server] ${signal}: shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close();
    server.closeAllConnections();
    void pages
      .close()
      .catch(() => undefined)
      .then(() => closeMemberEventHub())
      .then(() => closeMessageBus())
      .then(() => closeRedis())
      .then(() => schedules.stop())
      .then(() => jobs.stop())
      .then(() => closeDatabase())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error('[server] shutdown failed:', error);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  server.listen(config.PORT, config.HOST, () => {
    console.log(
      `[server] ready on http://localhost:${config.PORT} (${dev ? 'development' : config.NODE_ENV}) in ${Date.now() - started} ms`,
    );
  });
}

/**
 * A production site others reach (a public APP_URL or site domain) does not start on the sandbox
 * unless ALLOW_SANDBOX_PAYMENTS=1 says it is a test site (lib/server/payments/sandbox-deployment.ts).
 */
async function refuseUnallowedSandbox(): Promise<void> {
  const problem = await checkSandboxDeployment();
  if (problem) throw new Error(problem);
}

/**
 * The primary of several server processes: migrates once, starts the processes, shares the read
 * limits' counters with them, replaces a process that ends, and stops them all on SIGTERM.
 */
async function primary(count: number): Promise<void> {
  const started = Date.now();
  const handle = await prepareDatabase();
  await refuseUnallowedSandbox();
  console.log(
    `[server] database ready (${handle.kind}) in ${Date.now() - started} ms; starting ${count} processes`,
  );
  await closeDatabase();

  let stopping = false;
  let exitCode = 0;
  const ready = new Set<number>();
  const fork = () => {
    const worker = cluster.fork();
    answerMemoryRateLimits(worker);
    answerPageStore(worker);
  };
  cluster.on('listening', (worker) => ready.add(worker.id));
  cluster.on('exit', (worker, code, signal) => {
    const wasReady = ready.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
      return;
    }
    if (!wasReady) {
      // A process that cannot start would fail again: stop rather than loop.
      console.error(`[server] a server process failed to start (${signal ?? code}); stopping`);
      stop('start failure', 1);
      return;
    }
    console.error(
      `[server] server process ${worker.process.pid} ended (${signal ?? code}); starting another`,
    );
    fork();
  });

  const stop = (reason: string, code = 0): void => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    console.log(`[server] ${reason}: stopping ${Object.keys(cluster.workers ?? {}).length} processes`);
    setTimeout(() => process.exit(1), 15_000).unref();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < count; i += 1) fork();
}

const processes = cluster.isPrimary ? serverProcessCount(env()) : 1;
(processes > 1 ? primary(processes) : main()).catch(async (error: unknown) => {
  console.error('[server] failed to start:', error instanceof Error ? error.message : error);
  await closeDatabase().catch(() => undefined);
  process.exit(1);
});
