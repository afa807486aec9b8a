#!/usr/bin/env node
// API throughput benchmark: in one run, side by side, req/s and p50/p99 latency of a bare node:http
// JSON endpoint (the ceiling on this machine), GET /api/settings.php, GET /api/user.php logged in and
// GET /api/members.php (member search, logged in), each with its ratio to bare; then login p95
// (POST /api/user.php, 20 clients, as bench/auth.mjs). Against the API-only server bundled from the
// app's code (no Next build needed) on a fresh embedded PGlite directory with a few hundred demo members.
//
//   node bench/api.mjs                              (npm run bench:api)
//   node bench/api.mjs --duration 5 --connections 20
//   node bench/api.mjs --profile                    also writes .tmp/bench-api/*.cpuprofile of the server
//   node bench/api.mjs --profile --only settings    bare and the rows whose name contains `settings` only
//   node bench/api.mjs --full                       dist/server.js with Next in the process (needs npm run build)
//   node bench/cpu-profile-summary.mjs .tmp/bench-api/CPU.*.cpuprofile   what the profile shows
//
// A report, not a test.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loginLoad } from './auth.mjs';
import {
  API_SERVER,
  bundle,
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
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    members: { type: 'string', default: '300' },
    profile: { type: 'boolean', default: false },
    only: { type: 'string', default: '' },
    full: { type: 'boolean', default: false },
  },
});
const DURATION_S = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const WARMUP_S = 2;
const ROUNDS = 3;
const DEMO_LOGIN = { email: 'demo@lovelane.example', password: 'lovelane-demo-2025' }; // as lib/server/demo
const WORK = path.join(ROOT, '.tmp/bench-api');
const TARGET_SETTINGS_RATIO = 0.4;

// The API-only server plus /__bench/hono: a bare Hono app (one route, c.json of the same settings
// document) behind the same @hono/node-server listener, to tell the adapter's cost from the app's.
const SERVER = API_SERVER.replace(
  "import { env } from '@/lib/server/env';",
  "import { env } from '@/lib/server/env';\nimport { Hono } from 'hono';\nimport { getSettings } from '@/lib/server/settings/get-settings';",
)
  .replace(
    'const server = http.createServer(',
    "const bareHono = getRequestListener(new Hono().get('/__bench/hono', async (c) => c.json(await getSettings({ host: c.req.header('host'), locale: 'en' }))).fetch);\nconst server = http.createServer(",
  )
  .replace(
    "  if (req.url?.startsWith('/api/'))",
    "  if (req.url === '/__bench/hono') return void bareHono(req, res);\n  if (req.url?.startsWith('/api/'))",
  );
if (!SERVER.includes('/__bench/hono'))
  throw new Error('bench/lib.mjs API_SERVER changed: update bench/api.mjs');

// The bare endpoint answers the same JSON document settings.php gives, serialised per request.
const BARE_SERVER = `
const http = require('node:http');
const body = JSON.parse(process.env.BARE_BODY);
http
  .createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  })
  .listen(Number(process.env.PORT), process.env.HOST, () => console.log('ready'));
`;

/** One short autocannon run against one endpoint. */
async function once(endpoint, duration) {
  const { url, headers = {}, paths } = endpoint;
  return autocannon({
    url,
    connections: CONNECTIONS,
    headers,
    duration,
    ...(paths ? { requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths() }) }] } : {}),
  });
}

/**
 * Measures the endpoints in interleaved rounds (bare, settings, …, bare, settings, …) so that load
 * from other work on the machine hits every endpoint alike, and the ratios to bare stay meaningful.
 * req/s is the mean over the rounds; p50 and p99 are the worst round's.
 */
async function measure(endpoints) {
  const selected = endpoints.filter(
    (e) => !args.only || e.name.includes(args.only) || e.name.startsWith('bare'),
  );
  for (const endpoint of selected) await once(endpoint, WARMUP_S);
  const rounds = DURATION_S >= 6 ? ROUNDS : 1;
  const seconds = Math.max(1, Math.round(DURATION_S / rounds));
  const results = new Map(selected.map((e) => [e.name, []]));
  for (let round = 1; round <= rounds; round += 1) {
    log(
      `round ${round}/${rounds}: ${selected.length} endpoints, ${CONNECTIONS} connections, ${seconds} s each`,
    );
    for (const endpoint of selected) results.get(endpoint.name).push(await once(endpoint, seconds));
  }
  return selected.map(({ name }) => {
    const runs = results.get(name);
    const sum = (pick) => runs.reduce((total, r) => total + pick(r), 0);
    return {
      name,
      rps: sum((r) => r.requests.average) / runs.length,
      p50: Math.max(...runs.map((r) => r.latency.p50)),
      p99: Math.max(...runs.map((r) => r.latency.p99)),
      ok: sum((r) => r['2xx']),
      bad: sum((r) => r.non2xx + r.errors + r.timeouts),
    };
  });
}

async function main() {
  fs.mkdirSync(WORK, { recursive: true });
  log('bundling the server (node scripts/build-server.mjs scripts/db.ts)…');
  await run('build-server', process.execPath, ['scripts/build-server.mjs', 'scripts/db.ts'], {
    logFile: path.join(WORK, 'build.log'),
  });
  await bundle('bench-api-hono-server', SERVER);

  const dataDir = fs.mkdtempSync(path.join(ROOT, '.tmp', 'bench-api-data-'));
  tempDirs.add(dataDir);
  const dbEnv = { NODE_ENV: 'production', DATABASE_URL: '', DATA_DIR: dataDir };
  log(`seeding ${args.members} demo members…`);
  await run('seed', process.execPath, ['dist/db.js', 'seed', '--members', args.members], {
    env: dbEnv,
    logFile: path.join(WORK, 'seed.log'),
  });

  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  const profileArgs = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${WORK}`] : [];
  const app = start(
    'app',
    process.execPath,
    [...profileArgs, args.full ? 'dist/server.js' : 'dist/bench-api-hono-server.js'],
    {
      env: {
        ...dbEnv,
        PORT: String(port),
        HOST,
        TRUST_PROXY: '1',
        RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
        RATE_LIMIT_MEMBER_READS_PER_MINUTE: '100000000',
      },
      logFile: path.join(WORK, 'app.log'),
    },
  );
  await waitForHttp(app, `${origin}/api/settings.php`, 120_000);
  const settingsBody = await (await fetch(`${origin}/api/settings.php`)).text();

  const barePort = await freePort();
  const bare = start('bare', process.execPath, ['-e', BARE_SERVER], {
    env: { PORT: String(barePort), HOST, BARE_BODY: settingsBody },
    logFile: path.join(WORK, 'bare.log'),
  });
  await waitForHttp(bare, `http://${HOST}:${barePort}/`, 10_000);

  const login = await fetch(`${origin}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(DEMO_LOGIN),
  });
  if (login.status !== 200) throw new Error(`demo login failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const member = { cookie, 'accept-language': 'en' };
  const genders = ['male', 'female'];
  let n = 0;
  const searchPath = () => {
    n += 1;
    return `/api/members.php?gender=${genders[n % 2]}&page=${1 + (n % 3)}`;
  };

  const rows = await measure([
    { name: 'bare node:http JSON', url: `http://${HOST}:${barePort}/` },
    ...(args.full ? [] : [{ name: 'bare Hono via @hono/node-server', url: `${origin}/__bench/hono` }]),
    {
      name: 'GET /api/settings.php',
      url: `${origin}/api/settings.php`,
      headers: { 'accept-language': 'en' },
    },
    { name: 'GET /api/user.php (logged in)', url: `${origin}/api/user.php`, headers: member },
    { name: 'GET /api/members.php (search, logged in)', url: origin, headers: member, paths: searchPath },
  ]);
  await stop(bare);
  const logins =
    args.only && !'login'.includes(args.only)
      ? null
      : await loginLoad({ origin, clients: 20, duration: DURATION_S });
  await stopAll();
  if (args.profile) log(`CPU profile written to ${path.relative(ROOT, WORK)}/*.cpuprofile`);

  const bareRps = rows[0]?.rps ?? 1;
  console.log(
    `\nAPI benchmark — ${args.full ? 'dist/server.js (Next in the process)' : 'API-only server'}, embedded PGlite, ${args.members} demo members, ${CONNECTIONS} connections, ${DURATION_S >= 6 ? `${ROUNDS} interleaved rounds of ${Math.max(1, Math.round(DURATION_S / ROUNDS))} s` : `${DURATION_S} s`} per endpoint, node ${process.version}\n`,
  );
  console.log(
    `${'endpoint'.padEnd(42)} ${'req/s'.padStart(9)} ${'vs bare'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  answers`,
  );
  for (const row of rows) {
    console.log(
      `${row.name.padEnd(42)} ${row.rps.toFixed(0).padStart(9)} ${`${((row.rps / bareRps) * 100).toFixed(0)}%`.padStart(8)} ${String(row.p50).padStart(7)} ${String(row.p99).padStart(7)}  ${row.ok} ok${row.bad ? `, ${row.bad} failed` : ''}`,
    );
  }
  if (logins)
    console.log(
      `${'POST /api/user.php (login, 20 clients)'.padEnd(42)} ${logins.requests.average.toFixed(0).padStart(9)} ${''.padStart(8)} ${String(logins.latency.p50).padStart(7)} ${String(logins.latency.p99).padStart(7)}  p95 ≈ ${logins.latency.p97_5} ms (p97.5, autocannon's nearest), ${logins['2xx']} ok`,
    );
  const settingsRow = rows.find((row) => row.name.includes('settings'));
  if (!settingsRow) return;
  const settingsRatio = settingsRow.rps / bareRps;
  console.log(
    `\nsettings.php at ${(settingsRatio * 100).toFixed(0)}% of bare (target ≥ ${TARGET_SETTINGS_RATIO * 100}%): ${settingsRatio >= TARGET_SETTINGS_RATIO ? 'PASS' : 'MISS'}`,
  );
}

main().catch(async (error) => {
  console.error(error instanceof Error ? error.message : error);
  await stopAll();
  process.exit(1);
});
