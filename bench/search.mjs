#!/usr/bin/env node
// Search benchmark: `GET /api/members.php` with mixed filters (gender, country, region, age range,
// page 1–3) for 30 s at 50 connections against the built server, logged in as the demo member, over
// 1,000,000 demo members in PostgreSQL; then the EXPLAIN (ANALYZE, BUFFERS) of one search.
//
//   node bench/search.mjs                          PostgreSQL, 1,000,000 members (npm run bench:search)
//   node bench/search.mjs --members 200000         another size (its own database, lovelane_bench_200000)
//   node bench/search.mjs --pglite --members 20000 PostgreSQL and embedded PGlite at the same size, compared
//
// PostgreSQL: BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/lovelane_bench (made when
// missing, kept afterwards so the next run reuses its members; `db:seed --members` tops up). The
// server is dist/server.js when a Next build exists, else an API-only server bundled from the same
// code (the search path is identical). A report, not a test.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  API_SERVER,
  bundle,
  DEMO_LOGIN,
  ensureServerBuilt,
  freePort,
  HOST,
  log,
  logInDemo,
  postgresBenchDatabase,
  ROOT,
  run,
  seedDemoMembers,
  start,
  stop,
  stopAll,
  waitForHttp,
} from './lib.mjs';

const { values: args } = parseArgs({
  options: {
    members: { type: 'string', default: '1000000' },
    pglite: { type: 'boolean', default: false },
    duration: { type: 'string', default: '30' },
    connections: { type: 'string', default: '50' },
  },
});
const MEMBERS = Number(args.members);
const DURATION_S = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const TARGETS = { p95Ms: 50, pgliteRatio: 2.5 };
const WORK = path.join(ROOT, '.tmp/bench-search');

// EXPLAIN of the query the app runs for one search page, built by the app's own query builder.
const EXPLAIN = `
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres } from '@/lib/server/db/client';
import { searchCondition } from '@/lib/server/members/member-filters';
import { buildCountedSearchQuery } from '@/lib/server/members/search-members';
const filters = JSON.parse(process.argv[2] ?? '{}');
const url = process.env.DATABASE_URL;
const handle = url ? await openPostgres(url, 1) : await openPglite({ directory: process.env.DATA_DIR });
try {
  const found = await handle.db.execute(sql\`select id from users where lower(email) = \${process.argv[3] ?? ''}\`);
  const viewerId = found.rows[0]?.id ?? null;
  const where = searchCondition(filters, viewerId, new Date());
  // One statement gives a page and the capped count (pages inside the first 1,000 matches).
  const query = buildCountedSearchQuery(handle.db, where, filters.page ?? 1).toSQL();
  const client = handle.db.$client;
  const explain = async (q) => {
    await client.query(q.sql, q.params); // warm, as under load
    return (await client.query('EXPLAIN (ANALYZE, BUFFERS) ' + q.sql, q.params)).rows.map((r) => r['QUERY PLAN']);
  };
  console.log(JSON.stringify({ sql: query.sql, params: query.params, plan: await explain(query) }));
} finally {
  await handle.close();
}
`;

/** The server to measure, with this benchmark's EXPLAIN script bundled beside it. */
const ensureBuilt = () => ensureServerBuilt(WORK, { 'bench-search-explain': EXPLAIN });

// ---------------------------------------------------------------------------------------------
// Databases

/** The PostgreSQL database for a size (BENCH_DATABASE_URL itself for the default million). */
const postgresTarget = (members) =>
  postgresBenchDatabase(members, { exact: !args.pglite && members === 1_000_000 });

const seed = (target, members) =>
  seedDemoMembers({ ...target, members, logFile: path.join(WORK, `seed-${target.label}.log`) });

// ---------------------------------------------------------------------------------------------
// Load

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/**
 * A random search as members make them: mostly one country, often a gender and an age range, now and
 * then photo-verified members only.
 */
function searchPath(regionsByCountry) {
  const q = new URLSearchParams();
  if (Math.random() < 0.8) q.set('gender', pick(['male', 'female']));
  if (Math.random() < 0.9) {
    // The served countries are the ones regions.php lists.
    const country = pick([...regionsByCountry.keys()]);
    q.set('country', country);
    const regions = regionsByCountry.get(country) ?? [];
    if (regions.length && Math.random() < 0.35) q.set('countryregion', String(pick(regions)));
  }
  if (Math.random() < 0.6) {
    const min = 18 + Math.floor(Math.random() * 40);
    q.set('min_age', String(min));
    q.set('max_age', String(Math.min(99, min + 5 + Math.floor(Math.random() * 20))));
  }
  if (Math.random() < 0.2) q.set('verified', '1');
  q.set('page', String(1 + Math.floor(Math.random() * 3)));
  return `/api/members.php?${q}`;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function measure(target, serverEntry) {
  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  const app = start('app', process.execPath, ['--enable-source-maps', serverEntry], {
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST,
      DATABASE_URL: target.url ?? '',
      DATA_DIR: target.dataDir,
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
      RATE_LIMIT_MEMBER_READS_PER_MINUTE: '10000000',
    },
    logFile: path.join(WORK, `app-${target.label}.log`),
  });
  try {
    await waitForHttp(app, `${origin}/api/settings.php`, 180_000);
    const cookie = await logInDemo(origin);
    const regionsRes = await fetch(`${origin}/api/regions.php`);
    const regionsByCountry = new Map(
      ((await regionsRes.json()).countries ?? []).map((c) => [c.country, c.regions.map((r) => r.id)]),
    );
    const headers = { cookie, 'accept-language': 'en' };
    for (let i = 0; i < 50; i += 1)
      await (await fetch(origin + searchPath(regionsByCountry), { headers })).arrayBuffer();

    log(`${target.label}: ${CONNECTIONS} connections for ${DURATION_S} s`);
    const latencies = [];
    const instance = autocannon({
      url: origin,
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers,
      requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: searchPath(regionsByCountry) }) }],
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
    const result = await instance;
    latencies.sort((a, b) => a - b);
    return {
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      rps: result.requests.average,
      total: latencies.length,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    };
  } finally {
    await stop(app);
  }
}

async function explain(target, filters) {
  const file = path.join(WORK, `explain-${target.label}.log`);
  await run(
    'explain',
    process.execPath,
    ['dist/bench-search-explain.js', JSON.stringify(filters), DEMO_LOGIN.email],
    {
      env: { NODE_ENV: 'production', DATABASE_URL: target.url ?? '', DATA_DIR: target.dataDir },
      logFile: file,
    },
  );
  const line = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('{'));
  return { filters, ...JSON.parse(line ?? '{}') };
}

// ---------------------------------------------------------------------------------------------

async function bench(target, serverEntry) {
  const seeded = await seed(target, MEMBERS);
  const load = await measure(target, serverEntry);
  const plan = await explain(target, { gender: 'female', country: 'NL', min_age: 25, max_age: 45, page: 1 });
  // Verified members only: the partial indexes of the verified ones.
  const verifiedPlan = await explain(target, { gender: 'female', country: 'NL', verified: true, page: 1 });
  return { ...target, seeded, load, plan, verifiedPlan };
}

function report(run) {
  const { load } = run;
  const seqScan = [...run.plan.plan, ...run.verifiedPlan.plan].some((line) =>
    /Seq Scan on profiles/.test(line),
  );
  const rows = [
    ['p50', `${load.p50.toFixed(1)} ms`, '-', null],
    [
      'p95',
      `${load.p95.toFixed(1)} ms`,
      run.kind === 'postgres' ? `<= ${TARGETS.p95Ms} ms` : '-',
      run.kind === 'postgres' ? load.p95 <= TARGETS.p95Ms : null,
    ],
    ['p99', `${load.p99.toFixed(1)} ms`, '-', null],
    ['requests/s', `${load.rps.toFixed(0)} (${load.total} in ${DURATION_S} s)`, '-', null],
    [
      'non-2xx responses',
      `${load.non2xx} (${load.errors} errors/timeouts)`,
      '0',
      load.non2xx === 0 && load.errors === 0,
    ],
    ['sequential scan of profiles', seqScan ? 'yes' : 'no', 'no', !seqScan],
  ];
  console.log(
    `\n${run.kind === 'postgres' ? `PostgreSQL (${run.name})` : 'embedded PGlite'}, ${MEMBERS.toLocaleString('en')} members` +
      (run.seeded.added ? `, seeded in ${run.seeded.seconds.toFixed(1)} s` : ', reused'),
  );
  for (const [name, value, target, pass] of rows) {
    console.log(
      `  ${name.padEnd(30)} ${value.padEnd(34)} ${target.padEnd(10)} ${pass === null ? 'info' : pass ? 'PASS' : 'MISS'}`,
    );
  }
  console.log(
    `\n  EXPLAIN (ANALYZE, BUFFERS) of one search page, filters ${JSON.stringify(run.plan.filters)} (viewer: the demo login):`,
  );
  console.log(`  ${run.plan.sql}\n  params ${JSON.stringify(run.plan.params)}`);
  for (const line of run.plan.plan) console.log(`    ${line}`);
  console.log(`\n  EXPLAIN (ANALYZE, BUFFERS), filters ${JSON.stringify(run.verifiedPlan.filters)}:`);
  for (const line of run.verifiedPlan.plan) console.log(`    ${line}`);
  return load.p95;
}

async function main() {
  fs.mkdirSync(WORK, { recursive: true });
  const serverEntry = await ensureBuilt();
  log(`server: ${serverEntry}${serverEntry.includes('bench-api') ? ' (no Next build found: API only)' : ''}`);
  const runs = [];
  const pgTarget = await postgresTarget(MEMBERS);
  runs.push(
    await bench(
      {
        kind: 'postgres',
        label: pgTarget.name,
        name: pgTarget.name,
        url: pgTarget.url,
        dataDir: path.join(WORK, pgTarget.name),
      },
      serverEntry,
    ),
  );
  if (args.pglite) {
    const label = `pglite_${MEMBERS}`;
    runs.push(
      await bench(
        { kind: 'pglite', label, name: label, url: '', dataDir: path.join(WORK, label) },
        serverEntry,
      ),
    );
  }
  await stopAll();

  console.log(
    `\nSearch benchmark — GET /api/members.php, mixed filters, ${CONNECTIONS} connections, ${DURATION_S} s, node ${process.version}, server ${serverEntry}`,
  );
  const p95 = runs.map(report);
  if (args.pglite) {
    const ratio = (p95[1] ?? 0) / Math.max(p95[0] ?? 0, 0.001);
    console.log(
      `\nPGlite p95 / PostgreSQL p95 at ${MEMBERS.toLocaleString('en')} members: ${ratio.toFixed(2)}×   target <= ${TARGETS.pgliteRatio}×   ${ratio <= TARGETS.pgliteRatio ? 'PASS' : 'MISS'}`,
    );
  }
}

main().catch(async (error) => {
  console.error(error instanceof Error ? error.message : error);
  await stopAll();
  process.exit(1);
});
