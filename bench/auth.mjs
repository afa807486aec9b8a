#!/usr/bin/env node
// Auth benchmark: the cost of one password hash at the parameters the app uses, and login latency
// (p50/p95) with 20 clients logging in at once against the built app on a fresh embedded database.
// Run: node bench/auth.mjs   (npm run bench:auth). A report, not a test.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { hash, verify } from '@node-rs/argon2';
import autocannon from 'autocannon';
import { freePort, HOST, log, ROOT, run, start, stopAll, tempDirs, waitForHttp } from './lib.mjs';

const PARAMS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 }; // as lib/server/auth/passwords.ts
const CLIENTS = 20;
const DURATION_S = 10;
const USERS = 40;
const TARGETS = { hashMs: 250, loginP95Ms: 400 };

const cleanups = [];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function hashCost() {
  await hash('warm up', PARAMS);
  const hashes = [];
  const verifies = [];
  let stored = '';
  for (let i = 0; i < 15; i += 1) {
    let t = performance.now();
    stored = await hash(`passphrase number ${i}`, PARAMS);
    hashes.push(performance.now() - t);
    t = performance.now();
    await verify(stored, `passphrase number ${i}`);
    verifies.push(performance.now() - t);
  }
  return {
    hashMs: median(hashes),
    verifyMs: median(verifies),
    encoded: stored.split('$').slice(0, 4).join('$'),
  };
}

/**
 * Login latency under load: signs up members (each from its own address, as signups are limited per
 * address), then `clients` of them log in over and over for `duration` seconds. Used by bench/api.mjs too.
 */
export async function loginLoad({ origin, clients = CLIENTS, duration = DURATION_S }) {
  // Members to log in as, each signed up from its own address (signups are limited per address).
  const users = [];
  for (let i = 0; i < USERS; i += 1) {
    const email = `bench${i}-${Date.now()}@example.test`;
    const password = `bench passphrase ${i} for login`;
    const res = await fetch(`${origin}/api/signup.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` },
      body: JSON.stringify({
        email,
        password,
        name: `bench_${i}`,
        date_of_birth: '1990-01-01',
        gender: 'male',
        language: 'en',
      }),
    });
    if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
    users.push({ email, password });
  }

  let n = 0;
  log(`login load: ${clients} clients for ${duration} s`);
  const result = await autocannon({
    url: `${origin}/api/user.php`,
    connections: clients,
    duration,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          n += 1;
          const user = users[n % users.length];
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              origin,
              'x-forwarded-for': `10.8.${(n >> 8) & 255}.${n & 255}`,
            },
            body: JSON.stringify(user),
          };
        },
      },
    ],
  });
  return result;
}

async function main() {
  if (
    !fs.existsSync(path.join(ROOT, '.next/BUILD_ID')) ||
    !fs.existsSync(path.join(ROOT, 'dist/server.js'))
  ) {
    log('building the app…');
    fs.mkdirSync(path.join(ROOT, '.tmp/bench'), { recursive: true });
    await run('build', 'npm', ['run', 'build'], { logFile: path.join(ROOT, '.tmp/bench/auth-build.log') });
  }
  const cost = await hashCost();

  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(ROOT, '.tmp', 'bench-auth-'));
  tempDirs.add(dataDir);
  const origin = `http://${HOST}:${port}`;
  // BENCH_DATABASE_URL runs against a PostgreSQL server (a fresh database made for the run).
  let databaseUrl = '';
  if (process.env.BENCH_DATABASE_URL) {
    const { default: pg } = await import('pg');
    const name = `bench_auth_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.BENCH_DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    });
  }
  const app = start('app', process.execPath, ['dist/server.js'], {
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: '1',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
    },
    logFile: path.join(ROOT, '.tmp/bench-auth-app.log'),
  });
  await waitForHttp(app, `${origin}/api/settings.php`, 120_000);

  const result = await loginLoad({ origin });
  await stopAll();
  for (const cleanup of cleanups) await cleanup();

  const ok = result['2xx'];
  const rows = [
    [
      'password hash (argon2id, one, median of 15)',
      `${cost.hashMs.toFixed(1)} ms  ${cost.encoded}`,
      `<= ${TARGETS.hashMs} ms`,
      cost.hashMs <= TARGETS.hashMs,
    ],
    ['password verify (median of 15)', `${cost.verifyMs.toFixed(1)} ms`, '-', null],
    ['login p50', `${result.latency.p50} ms`, '-', null],
    [
      'login p95 (p97.5 reported by autocannon as the nearest)',
      `${result.latency.p97_5} ms`,
      `<= ${TARGETS.loginP95Ms} ms`,
      result.latency.p97_5 <= TARGETS.loginP95Ms,
    ],
    ['login p99', `${result.latency.p99} ms`, '-', null],
    [
      'logins/s',
      `${result.requests.average.toFixed(0)} (${ok} ok, ${result.non2xx} refused, ${result.errors} errors)`,
      '-',
      null,
    ],
  ];
  console.log(
    `\nAuth benchmark — ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, ${CLIENTS} concurrent clients, ${DURATION_S} s, node ${process.version}\n`,
  );
  for (const [name, value, target, pass] of rows) {
    console.log(
      `${name.padEnd(58)} ${value.padEnd(60)} ${target.padEnd(10)} ${pass === null ? 'info' : pass ? 'PASS' : 'MISS'}`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch(async (error) => {
    console.error(error instanceof Error ? error.message : error);
    await stopAll();
    process.exit(1);
  });
}
