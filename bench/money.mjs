#!/usr/bin/env node
// Money benchmark (npm run bench:money): many members buy at once, then every payment's webhook
// arrives many times at once, and afterwards the books must still be right.
//   1. 200 members each start a checkout at the same moment (POST /api/payment.php, sandbox provider);
//   2. each payer picks an outcome on the sandbox's checkout page (POST /api/sandbox-payment.php):
//      mostly paid, some failed, some cancelled; the sandbox queues its own webhook calls (jobs);
//   3. webhook storm: every payment's webhook (POST /api/webhooks/sandbox.php, `id=tr_sbx_…`) is sent
//      10 times at once, while the sandbox's queued calls run too;
//   4. it waits until every payment has settled and the sandbox's calls are done, stops the server and
//      checks the database: every paid payment has exactly one `payment:<id>` ledger row (and nothing
//      else has one), each member's credit balance equals the sum of their ledger rows, payers are
//      premium and the others are not, every payment ended in the outcome its payer chose.
// Prints p50/p95/p99 of the checkout and webhook answers (the checkout p95 beside its target, ≤ 300 ms,
// with PASS/MISS, and the server's CPU milliseconds per checkout), throughput, and the checks; exits non-zero
// when a check fails. PostgreSQL: a fresh database cloned from a migrated template each run.
//
//   node bench/money.mjs                                  PostgreSQL, 200 members
//   node bench/money.mjs --engine pglite                  PGlite (embedded), 50 members
//   node bench/money.mjs --engine both --members 100 --repeats 5
//   node bench/money.mjs --profile                        and a CPU profile of the server in .tmp/bench-money
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  bundle,
  cpuSeconds,
  freePort,
  HOST,
  log,
  ROOT,
  run,
  start,
  stop,
  stopAll,
  tempDirs,
  waitForHttp,
} from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'pg' },
    members: { type: 'string', default: '' },
    repeats: { type: 'string', default: '10' },
    country: { type: 'string', default: 'NL' },
    method: { type: 'string', default: 'ideal' },
    /** Share of payers who fail and who cancel (the rest pay). */
    failed: { type: 'string', default: '0.1' },
    canceled: { type: 'string', default: '0.05' },
    /** Requests in flight at most during the webhook storm. */
    concurrency: { type: 'string', default: '200' },
    'settle-timeout': { type: 'string', default: '120' },
    // Writes a V8 CPU profile of the server to .tmp/bench-money (see bench/cpu-profile-summary.mjs).
    profile: { type: 'boolean', default: false },
  },
});
const MEMBERS = { pg: Number(args.members || 200), pglite: Number(args.members || 50) };
const REPEATS = Number(args.repeats);
const COUNTRY = args.country;
const METHOD = args.method;
const SHARE_FAILED = Number(args.failed);
const SHARE_CANCELED = Number(args.canceled);
const CONCURRENCY = Number(args.concurrency);
/** Members who buy one by one before the measurement, so the first measured calls are not the cold ones. */
const WARM = 5;
const SETTLE_TIMEOUT_MS = Number(args['settle-timeout']) * 1000;
const WORK = path.join(ROOT, '.tmp/bench-money');
const PG_DATABASE = 'lovelane_bench_money';
const PG_TEMPLATE = 'lovelane_bench_money_tpl';

// Migrates a database and loads the reference data (bundles, discount codes): the template.
const PREPARE = `
import { prepareDatabase } from '@/lib/server/boot';
import { closeDatabase } from '@/lib/server/db/client';
await prepareDatabase();
await closeDatabase();
console.log('prepared');
`;

// The members with sessions and the bundles of the payment country, printed as JSON.
const SETUP = `
import { and, asc, eq } from 'drizzle-orm';
import { prepareDatabase } from '@/lib/server/boot';
import { createSession } from '@/lib/server/auth/sessions';
import { closeDatabase } from '@/lib/server/db/client';
import { profiles, sites, users } from '@/lib/server/db/schema';
import { creditBundles } from '@/lib/server/db/schema/payments';
const [count, warm, country] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4]];
const handle = await prepareDatabase();
const db = handle.db;
const tag = Date.now().toString(36);
try {
  const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.domain, 'default'));
  if (!site) throw new Error('the default site is missing');
  const members = [];
  const total = count + warm;
  for (let from = 0; from < total; from += 500) {
    const rows = await db
      .insert(users)
      .values(Array.from({ length: Math.min(500, total - from) }, (_, i) => ({
        siteId: site.id,
        email: 'bench-money-' + tag + '-' + (from + i) + '@bench.invalid',
        passwordHash: 'unusable',
        status: 'confirmed',
        language: 'en',
        paidUser: false,
      })))
      .returning({ id: users.id });
    await db.insert(profiles).values(rows.map((row) => ({
      userId: row.id,
      name: ('payer' + row.id).slice(0, 24),
      gender: row.id % 2 ? 'female' : 'male',
      dateOfBirth: '1990-06-15',
      country,
      status: 'active',
      invisible: false,
      fictional: false,
      lastActiveAt: new Date(),
    })));
    for (const row of rows) members.push({ id: row.id, token: await createSession({ userId: row.id }) });
  }
  const bundles = await db
    .select({ id: creditBundles.id, credits: creditBundles.credits, amount: creditBundles.amountMinor })
    .from(creditBundles)
    .where(and(eq(creditBundles.country, country), eq(creditBundles.active, true)))
    .orderBy(asc(creditBundles.position));
  if (!bundles.length) throw new Error('no bundles for ' + country);
  console.log(JSON.stringify({ members: members.slice(0, count), warm: members.slice(count), bundles }));
} finally {
  await closeDatabase();
}
`;

// The API with the job worker that makes the sandbox's webhook calls, as server.ts runs them; and,
// for the benchmark alone, how many of those calls are still to be made (PGlite has one connection:
// only the server can look).
const SERVER = `
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { createApiApp } from '@/lib/server/api/app';
import { prepareDatabase } from '@/lib/server/boot';
import { closeDatabase, getDb } from '@/lib/server/db/client';
import { env } from '@/lib/server/env';
import { jobHandlers } from '@/lib/server/jobs/job-handlers';
import { startJobWorker } from '@/lib/server/jobs/job-worker';
const config = env();
await prepareDatabase();
const api = getRequestListener(createApiApp().fetch);
const server = http.createServer((req, res) => {
  if (req.url?.startsWith('/api/')) return void api(req, res);
  if (req.url === '/bench/cpu') {
    // The server's CPU time so far (user + system, ms): its growth over a phase is that phase's CPU.
    const { user, system } = process.cpuUsage();
    return void res.end(JSON.stringify({ ms: (user + system) / 1000 }));
  }
  if (req.url === '/bench/open-sandbox-jobs') {
    void getDb()
      .then((db) => db.execute(sql\`select count(*)::int as n from jobs where kind like 'sandbox.%'
        and done_at is null and attempts < max_attempts\`))
      .then((result) => res.end(JSON.stringify({ open: result.rows[0].n })))
      .catch((error) => {
        res.statusCode = 500;
        res.end(String(error));
      });
    return;
  }
  res.statusCode = 404;
  res.end();
});
const jobs = startJobWorker({ handlers: jobHandlers() });
server.listen(config.PORT, config.HOST, () => console.log('[bench-money] ready on ' + config.PORT));
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    void jobs.stop().then(() => closeDatabase()).finally(() => process.exit(0));
  });
}
`;

// Reads the outcome from the database once the server has stopped, and prints it as JSON.
const CHECK = `
import { sql } from 'drizzle-orm';
import { closeDatabase, getDb } from '@/lib/server/db/client';
const ids = JSON.parse(process.argv[2] ?? '[]');
const db = await getDb();
const rows = async (query) => (await db.execute(query)).rows;
const list = sql.raw(ids.length ? ids.map(Number).join(',') : 'null');
try {
  const payments = await rows(sql\`select id, user_id, status, credits, provider_payment_id from payments
    where user_id in (\${list}) order by id\`);
  const purchaseRows = await rows(sql\`select p.id, p.status, count(l.id)::int as n, coalesce(sum(l.delta), 0)::int as delta,
      coalesce(bool_and(l.user_id = p.user_id and l.reason = 'purchase'), true) as own
    from payments p left join credit_ledger l on l.reference = 'payment:' || p.id
    where p.user_id in (\${list}) group by p.id, p.status order by p.id\`);
  const balances = await rows(sql\`select u.id as user_id, coalesce(b.balance, 0)::int as balance,
      coalesce((select sum(l.delta) from credit_ledger l where l.user_id = u.id), 0)::int as ledger
    from users u left join credit_balances b on b.user_id = u.id where u.id in (\${list})\`);
  const purchases = await rows(sql\`select u.id as user_id,
      coalesce((select sum(l.delta) from credit_ledger l where l.user_id = u.id and l.reason = 'purchase'), 0)::int as granted,
      coalesce((select sum(p.credits) from payments p where p.user_id = u.id and p.status = 'paid'), 0)::int as bought
    from users u where u.id in (\${list})\`);
  const premium = await rows(sql\`select u.id as user_id, u.paid_user,
      exists (select 1 from payments p where p.user_id = u.id and p.status = 'paid') as payer
    from users u where u.id in (\${list})\`);
  const jobs = await rows(sql\`select kind, count(*)::int as total, count(*) filter (where done_at is null)::int as open,
      coalesce(sum(attempts), 0)::int as attempts, count(*) filter (where last_error is not null)::int as errored
    from jobs group by kind order by kind\`);
  console.log(JSON.stringify({ payments, purchaseRows, purchases, balances, premium, jobs }));
} finally {
  await closeDatabase();
}
`;

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function jsonLine(file) {
  const line = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('{'));
  if (!line) throw new Error(`no result in ${path.relative(ROOT, file)}`);
  return JSON.parse(line);
}

/** One HTTP request; answers its status, body and milliseconds from start to the end of the answer. */
function request(agent, origin, method, pathname, { headers = {}, body } = {}) {
  return new Promise((resolve) => {
    const startedAt = performance.now();
    const req = http.request(
      `${origin}${pathname}`,
      {
        method,
        agent,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode, text, ms: performance.now() - startedAt }));
        res.on('error', (error) =>
          resolve({ status: 0, text: error.message, ms: performance.now() - startedAt }),
        );
      },
    );
    req.on('error', (error) =>
      resolve({ status: 0, text: error.message, ms: performance.now() - startedAt }),
    );
    req.end(body);
  });
}

/** The server's CPU milliseconds so far (NaN when it cannot say). */
async function serverCpuMs(agent, origin) {
  const answer = await request(agent, origin, 'GET', '/bench/cpu');
  return answer.status === 200 ? JSON.parse(answer.text).ms : NaN;
}

/** Runs the tasks with at most `limit` in flight, in order. */
async function pool(tasks, limit) {
  const results = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

function summary(answers) {
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  const statuses = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  return {
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    p99: percentile(ms, 99),
    max: ms.at(-1),
    statuses,
  };
}

/** The outcome each payer picks: mostly paid, a share failed and a share cancelled, spread evenly. */
function outcomeFor(index) {
  const crosses = (share, offset) =>
    Math.floor((index + 1) * share + offset) > Math.floor(index * share + offset);
  if (crosses(SHARE_FAILED, 0)) return 'failed';
  if (crosses(SHARE_CANCELED, 0.25)) return 'canceled';
  return 'paid';
}
/** The checkout's target (issue: 200 members at once on PostgreSQL, p95 at most 300 ms). */
const CHECKOUT_P95_TARGET_MS = 300;
const STATE_OF = { paid: 'completed', failed: 'failed', canceled: 'cancelled' };

async function pgAdmin(fn) {
  const { default: pg } = await import('pg');
  const admin = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/');
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function pgUrl(name) {
  const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/');
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A fresh database for this run, cloned from a template that has the migrations and the reference
 * data (made once; later migrations are applied to the clone by the setup).
 */
async function freshPostgresDatabase() {
  const hasTemplate = await pgAdmin(async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [PG_TEMPLATE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${PG_TEMPLATE}`);
    return rowCount > 0;
  });
  if (!hasTemplate) {
    log(`preparing the template database ${PG_TEMPLATE}`);
    await run('prepare', process.execPath, ['dist/bench-money-prepare.js'], {
      env: { NODE_ENV: 'production', DATABASE_URL: pgUrl(PG_TEMPLATE) },
      logFile: path.join(WORK, 'prepare.log'),
    });
  }
  await pgAdmin(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${PG_DATABASE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${PG_DATABASE} TEMPLATE ${PG_TEMPLATE}`);
  });
  return pgUrl(PG_DATABASE);
}

async function runEngine(engine) {
  const members = MEMBERS[engine];
  const env = { NODE_ENV: 'production' };
  if (engine === 'pg') {
    env.DATABASE_URL = await freshPostgresDatabase();
    env.DATABASE_POOL_SIZE = '20';
  } else {
    const dataDir = path.join(WORK, 'data-pglite');
    fs.rmSync(dataDir, { recursive: true, force: true });
    tempDirs.add(dataDir);
    env.DATA_DIR = dataDir;
  }
  log(`${engine}: ${members} members with sessions`);
  const setupLog = path.join(WORK, `setup-${engine}.log`);
  await run(
    'setup',
    process.execPath,
    ['dist/bench-money-setup.js', String(members), String(WARM), COUNTRY],
    {
      env,
      logFile: setupLog,
    },
  );
  const scene = jsonLine(setupLog);
  const bundles = scene.bundles;

  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  const app = start(
    `app-${engine}`,
    process.execPath,
    [
      ...(args.profile ? ['--cpu-prof', `--cpu-prof-dir=${WORK}`] : []),
      '--enable-source-maps',
      'dist/bench-money-server.js',
    ],
    {
      env: {
        ...env,
        PORT: String(port),
        HOST,
        APP_URL: origin,
        PAYMENT_PROVIDER: 'sandbox',
        // The storm's webhook calls name their sender in X-Forwarded-For.
        TRUST_PROXY: '1',
        RATE_LIMIT_WRITES_PER_MINUTE: '10000000',
        RATE_LIMIT_MEMBER_READS_PER_MINUTE: '10000000',
        RATE_LIMIT_PAYMENTS_PER_HOUR: '10000000',
        // A sandbox webhook call that failed is tried again soon, not a minute later.
        JOB_RETRY_BASE_MS: '500',
      },
      logFile: path.join(WORK, `app-${engine}.log`),
    },
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const json = (member) => ({
    'content-type': 'application/json',
    origin,
    'accept-language': 'en',
    cookie: `auth_session=${member.token}`,
  });
  const result = { engine, members };
  /** The checkouts that started: member, app payment, sandbox id, chosen outcome, final state. */
  const started = [];
  try {
    await waitForHttp(app, `${origin}/api/settings.php`, 180_000);
    const probe = await request(agent, origin, 'POST', '/api/webhooks/sandbox.php', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'id=tr_sbx_warmup0000',
    });
    if (probe.status === 404)
      throw new Error('POST /api/webhooks/sandbox.php is missing: the payment routes are needed');

    // Warm-up, not measured: a few purchases one at a time (their books are checked with the rest).
    for (const member of scene.warm) {
      const answer = await request(agent, origin, 'POST', '/api/payment.php', {
        headers: json(member),
        body: JSON.stringify({ bundle: bundles[0].id, method: METHOD, country: COUNTRY }),
      });
      if (answer.status !== 201)
        throw new Error(`warm-up checkout answered ${answer.status}: ${answer.text.slice(0, 300)}`);
      const providerId =
        /\/(tr_[A-Za-z0-9_]+)/.exec(JSON.parse(answer.text).payment.checkout_url ?? '')?.[1] ?? '';
      await request(agent, origin, 'POST', '/api/sandbox-payment.php', {
        headers: json(member),
        body: JSON.stringify({ payment: providerId, outcome: 'paid' }),
      });
      for (let i = 0; i < 2; i += 1) {
        await request(agent, origin, 'POST', '/api/webhooks/sandbox.php', {
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ id: providerId }).toString(),
        });
      }
    }

    // 1. Every member starts a checkout at the same moment.
    log(`${engine}: ${members} checkouts at once`);
    const cpuBefore = await serverCpuMs(agent, origin);
    const postgresBefore = cpuSeconds(0).postgres;
    const checkoutBegan = performance.now();
    const checkouts = await Promise.all(
      scene.members.map((member, i) =>
        request(agent, origin, 'POST', '/api/payment.php', {
          headers: json(member),
          body: JSON.stringify({ bundle: bundles[i % bundles.length].id, method: METHOD, country: COUNTRY }),
        }),
      ),
    );
    const checkoutSeconds = (performance.now() - checkoutBegan) / 1000;
    const cpuPerCheckout = ((await serverCpuMs(agent, origin)) - cpuBefore) / members;
    // PostgreSQL's processes (on this machine; nothing when the database runs elsewhere).
    const postgresPerCheckout = ((cpuSeconds(0).postgres - postgresBefore) * 1000) / members;
    checkouts.forEach((answer, i) => {
      if (answer.status !== 201) return;
      const { payment } = JSON.parse(answer.text);
      const providerId = /\/(tr_[A-Za-z0-9_]+)/.exec(payment.checkout_url ?? '')?.[1];
      if (providerId) started.push({ member: scene.members[i], payment, providerId });
    });
    result.checkout = {
      ...summary(checkouts),
      seconds: checkoutSeconds,
      rate: members / checkoutSeconds,
      cpuMs: cpuPerCheckout,
      postgresCpuMs: postgresPerCheckout,
    };
    result.started = started.length;
    if (!started.length) {
      throw new Error(
        `no checkout started; first answer: ${checkouts[0]?.status} ${checkouts[0]?.text.slice(0, 300)}`,
      );
    }

    // 2. Each payer picks an outcome on the sandbox's checkout page (its webhook calls are queued).
    started.forEach((s, i) => (s.outcome = outcomeFor(i)));
    log(`${engine}: outcomes chosen on the sandbox's page`);
    const choices = await Promise.all(
      started.map((s) =>
        request(agent, origin, 'POST', '/api/sandbox-payment.php', {
          headers: json(s.member),
          body: JSON.stringify({ payment: s.providerId, outcome: s.outcome }),
        }),
      ),
    );
    result.choose = summary(choices);

    // 3. The webhook storm: every payment's webhook REPEATS times at once (the sandbox's own run too).
    log(`${engine}: webhook storm, ${started.length} payments × ${REPEATS}`);
    // Each payment's calls come from an address of their own (behind the trusted proxy): the
    // webhook's budget per address (payment-webhook.ts) is a brake on strangers, not what is measured.
    const calls = started.flatMap((s, i) =>
      Array.from(
        { length: REPEATS },
        () => () =>
          request(agent, origin, 'POST', '/api/webhooks/sandbox.php', {
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              'x-forwarded-for': `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`,
            },
            body: new URLSearchParams({ id: s.providerId }).toString(),
          }),
      ),
    );
    const stormBegan = performance.now();
    const webhooks = await pool(calls, CONCURRENCY);
    const stormSeconds = (performance.now() - stormBegan) / 1000;
    result.webhook = { ...summary(webhooks), seconds: stormSeconds, rate: webhooks.length / stormSeconds };

    // 4. Until every payment has settled (as each payer's status page reads it) and the sandbox's
    // queued calls are done.
    const settleBegan = performance.now();
    let unsettled = started;
    while (unsettled.length && performance.now() - settleBegan < SETTLE_TIMEOUT_MS) {
      const states = await pool(
        unsettled.map(
          (s) => () =>
            request(agent, origin, 'GET', `/api/payment.php?id=${s.payment.id}`, { headers: json(s.member) }),
        ),
        50,
      );
      unsettled = unsettled.filter((s, i) => {
        if (states[i].status !== 200) return true;
        s.state = JSON.parse(states[i].text).payment.state;
        return s.state === 'pending';
      });
      if (unsettled.length) await sleep(250);
    }
    const openJobs = async () => {
      const answer = await request(agent, origin, 'GET', '/bench/open-sandbox-jobs');
      return answer.status === 200 ? JSON.parse(answer.text).open : Infinity;
    };
    while ((await openJobs()) > 0 && performance.now() - settleBegan < SETTLE_TIMEOUT_MS) await sleep(250);
    result.settleSeconds = (performance.now() - settleBegan) / 1000;
    result.unsettled = unsettled.length;
  } finally {
    agent.destroy();
    await stop(app);
  }

  // The books, read after the server has stopped.
  const checkLog = path.join(WORK, `check-${engine}.log`);
  await run(
    'check',
    process.execPath,
    ['dist/bench-money-check.js', JSON.stringify([...scene.members, ...scene.warm].map((m) => m.id))],
    {
      env,
      logFile: checkLog,
    },
  );
  const books = jsonLine(checkLog);
  result.books = books;
  result.checks = checksOf(result, started, books);
  return result;
}

function checksOf(result, started, books) {
  const byId = new Map(books.payments.map((p) => [p.id, p]));
  const paid = books.purchaseRows.filter((r) => r.status === 'paid');
  const checks = [];
  const check = (name, failures) =>
    checks.push({ name, ok: failures.length === 0, failures: failures.slice(0, 5), count: failures.length });
  check(
    `every checkout answered 201 (${result.members})`,
    Object.entries(result.checkout.statuses)
      .filter(([s]) => s !== '201')
      .map(([s, n]) => `${n}× ${s}`),
  );
  check(
    'every webhook call answered 200',
    Object.entries(result.webhook.statuses)
      .filter(([s]) => s !== '200')
      .map(([s, n]) => `${n}× ${s}`),
  );
  check('every payment settled', result.unsettled ? [`${result.unsettled} still pending`] : []);
  check(
    'every payment ended in the outcome its payer chose',
    started
      .filter((s) => byId.get(s.payment.id)?.status !== s.outcome)
      .map((s) => `payment ${s.payment.id}: chose ${s.outcome}, is ${byId.get(s.payment.id)?.status}`),
  );
  check(
    'the status page agrees',
    started.filter((s) => s.state !== STATE_OF[s.outcome]).map((s) => `payment ${s.payment.id}: ${s.state}`),
  );
  check(
    `every paid payment has exactly one payment:<id> ledger row (${paid.length} paid)`,
    paid
      .filter((r) => r.n !== 1 || r.delta !== byId.get(r.id)?.credits || !r.own)
      .map((r) => `payment ${r.id}: ${r.n} rows, ${r.delta} credits`),
  );
  check(
    'no unpaid payment has a ledger row',
    books.purchaseRows
      .filter((r) => r.status !== 'paid' && r.n > 0)
      .map((r) => `payment ${r.id} (${r.status}): ${r.n} rows`),
  );
  check(
    'every member was granted exactly the credits of their paid payments',
    books.purchases
      .filter((m) => m.granted !== m.bought)
      .map((m) => `member ${m.user_id}: granted ${m.granted}, bought ${m.bought}`),
  );
  check(
    'every credit balance equals the sum of the member’s ledger rows',
    books.balances
      .filter((b) => b.balance !== b.ledger)
      .map((b) => `member ${b.user_id}: balance ${b.balance}, ledger ${b.ledger}`),
  );
  check(
    'payers are premium, the others are not',
    books.premium
      .filter((m) => m.paid_user !== m.payer)
      .map((m) => `member ${m.user_id}: paid_user ${m.paid_user}, payer ${m.payer}`),
  );
  const sandboxJobs = books.jobs.filter((j) => j.kind.startsWith('sandbox.'));
  check(
    "the sandbox's queued webhook calls all ran",
    sandboxJobs.filter((j) => j.open > 0).map((j) => `${j.kind}: ${j.open} of ${j.total} not done`),
  );
  return checks;
}

function report(r) {
  const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : '–');
  const name =
    r.engine === 'pg' ? `PostgreSQL (${PG_DATABASE}, cloned from ${PG_TEMPLATE})` : 'PGlite (embedded)';
  console.log(`  ${name}: ${r.members} members, ${r.started} checkouts started`);
  console.log(
    `    POST /api/payment.php, ${r.members} at once     p50 ${ms(r.checkout.p50)}  p95 ${ms(r.checkout.p95)}  p99 ${ms(r.checkout.p99)}  max ${ms(r.checkout.max)}  ${r.checkout.rate.toFixed(1)} checkouts/s  ${JSON.stringify(r.checkout.statuses)}`,
  );
  console.log(
    `    POST /api/sandbox-payment.php (outcomes)    p50 ${ms(r.choose.p50)}  p95 ${ms(r.choose.p95)}  p99 ${ms(r.choose.p99)}  ${JSON.stringify(r.choose.statuses)}`,
  );
  console.log(
    `    POST /api/webhooks/sandbox.php ×${REPEATS} each    p50 ${ms(r.webhook.p50)}  p95 ${ms(r.webhook.p95)}  p99 ${ms(r.webhook.p99)}  max ${ms(r.webhook.max)}  ${r.webhook.rate.toFixed(1)} calls/s (${CONCURRENCY} in flight)  ${JSON.stringify(r.webhook.statuses)}`,
  );
  const p95Met = r.checkout.p95 <= CHECKOUT_P95_TARGET_MS;
  console.log(
    `    checkout p95 ${ms(r.checkout.p95)}, target ≤ ${CHECKOUT_P95_TARGET_MS} ms${r.engine === 'pg' ? '' : ' (set for PostgreSQL)'}: ${p95Met ? 'PASS' : 'MISS'};  server CPU ${Number.isFinite(r.checkout.cpuMs) ? r.checkout.cpuMs.toFixed(2) : '–'} ms per checkout, PostgreSQL ${r.engine === 'pg' ? `${r.checkout.postgresCpuMs.toFixed(2)} ms` : '–'}`,
  );
  const jobs = r.books.jobs
    .map((j) => `${j.kind} ${j.total} (${j.attempts} tries, ${j.errored} with an error)`)
    .join(', ');
  console.log(`    settled ${r.settleSeconds.toFixed(1)} s after the storm; jobs: ${jobs || 'none'}`);
  for (const c of r.checks) {
    console.log(
      `    ${c.ok ? 'PASS' : 'FAIL'}  ${c.name}${c.ok ? '' : `: ${c.count} — ${c.failures.join('; ')}`}`,
    );
  }
}

async function main() {
  fs.mkdirSync(WORK, { recursive: true });
  log('bundling the server, setup and checks of the benchmark from the app code');
  for (const [name, contents] of Object.entries({
    'bench-money-prepare': PREPARE,
    'bench-money-setup': SETUP,
    'bench-money-server': SERVER,
    'bench-money-check': CHECK,
  })) {
    await bundle(name, contents);
  }
  const engines = args.engine === 'both' ? ['pg', 'pglite'] : [args.engine];
  const results = [];
  for (const engine of engines) results.push(await runEngine(engine));
  await stopAll();

  console.log(
    `\nMoney benchmark — checkouts at once, outcomes (${SHARE_FAILED * 100}% failed, ${SHARE_CANCELED * 100}% cancelled), each webhook ${REPEATS}× at once; node ${process.version}, API server with the job worker\n`,
  );
  for (const r of results) report(r);
  const failed = results.flatMap((r) => r.checks.filter((c) => !c.ok));
  console.log(failed.length ? `\n${failed.length} check(s) FAILED` : '\nAll checks passed');
  process.exitCode = failed.length ? 1 : 0;
}

main().catch(async (error) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});
