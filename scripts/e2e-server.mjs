// Starts the built app for the browser tests on a fresh database: a new PGlite directory, or a new
// PostgreSQL database when E2E_DATABASE_URL is set.
// Usage: node scripts/e2e-server.mjs <name> <port> [--mocked] [--instances N]
// With --instances N, N app instances share that PostgreSQL database and one Redis (E2E_REDIS_URL,
// redis://127.0.0.1:6379 by default, under a key prefix of their own) on ports <port> to <port>+N-1:
// several machines, as the browser sees them.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const [name = 'app', port = '3201', ...flags] = process.argv.slice(2);
const instancesFlag = flags.indexOf('--instances');
const instances = instancesFlag >= 0 ? Number(flags[instancesFlag + 1]) : 1;
if (!Number.isInteger(instances) || instances < 1 || instances > 8) {
  console.error('--instances takes a number from 1 to 8');
  process.exit(2);
}
const env = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: port,
  // Every loopback address: the flows reach differently configured sites on 127.0.0.2 to 127.0.0.7.
  HOST: '0.0.0.0',
  API_MOCKING: flags.includes('--mocked') ? '1' : '0',
  // The flows read the mail they cause from the outbox.
  MAIL_OUTBOX_VIEW: '1',
  SMTP_URL: '',
  // Every flow signs up from the same address, and makes its changes from it: the flows of a run,
  // two at a time, would share one address's write budget (120 a minute).
  RATE_LIMIT_SIGNUPS_PER_HOUR: '1000',
  RATE_LIMIT_WRITES_PER_MINUTE: '100000',
  // A webhook call that failed is tried again within a second, not a minute.
  JOB_RETRY_BASE_MS: '500',
  // Each console flow makes its own operators (POST /api/dev/operator.php).
  DEV_OPERATOR_FACTORY: '1',
};
delete env.DATABASE_URL;
if (instances > 1) {
  if (!process.env.E2E_DATABASE_URL) {
    console.error('Several instances need PostgreSQL: set E2E_DATABASE_URL');
    process.exit(2);
  }
  env.REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
  env.REDIS_KEY_PREFIX = `e2e:${name}:${process.pid}:`;
  // Small enough that a flow spends it in a few likes, on one instance or across several.
  env.RATE_LIMIT_LIKES_PER_HOUR = process.env.E2E_LIKES_PER_HOUR ?? '3';
  // One process per instance: the instances, not the cores, are what the flows are about.
  env.WEB_CONCURRENCY = '1';
}

/** Whether a process of this id runs (on this machine). */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error?.code === 'EPERM';
  }
}

if (process.env.E2E_DATABASE_URL) {
  // Left behind when the run ends (Playwright stops its servers with SIGKILL); the next run drops it.
  const database = `app_e2e_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await admin.connect();
  // Databases of earlier runs whose server is gone (a run stopped by SIGKILL cannot drop its own).
  const { rows } = await admin.query(
    `SELECT datname FROM pg_database WHERE datname ~ '^app_e2e_[a-z]+_[0-9]+$'`,
  );
  for (const { datname } of rows) {
    const pid = Number(datname.slice(datname.lastIndexOf('_') + 1));
    if (datname !== database && isAlive(pid)) continue;
    await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  }
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(process.env.E2E_DATABASE_URL);
  url.pathname = `/${database}`;
  env.DATABASE_URL = url.toString();
} else {
  const dir = path.resolve('.tmp/e2e', name);
  fs.rmSync(dir, { recursive: true, force: true });
  env.DATA_DIR = dir;
}

const run = (args) => {
  const result = spawnSync(process.execPath, args, { env, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
// A small demo population to search, page through and open.
run(['dist/db.js', 'seed', '--members', '90']);
// The site on 127.0.0.1 speaks Dutch by default: the domain-language rule is tested there.
run(['dist/db.js', 'site', '--domain', '127.0.0.1', '--language', 'nl', '--name', 'Lovelane NL']);
// Signup modes: invitation only, and only for visitors from a tracked traffic source.
// Visitors may not search there; on 127.0.0.3 only visitors from a traffic source may.
run([
  'dist/db.js',
  'site',
  '--domain',
  '127.0.0.2',
  '--signups',
  'invite_only',
  '--entry-warning',
  'off',
  '--logged-out-search',
  'off',
  '--logged-out-search-trafficsource',
  'off',
]);
run([
  'dist/db.js',
  'site',
  '--domain',
  '127.0.0.3',
  '--signups',
  'with_trafficsource',
  '--entry-warning',
  'off',
  '--logged-out-search',
  'off',
  '--logged-out-search-trafficsource',
  'on',
]);

// Members who sign up here get credits on confirming their address: the chat flows write with them.
run(['dist/db.js', 'site', '--domain', '127.0.0.4', '--entry-warning', 'off', '--signup-credits', '1000']);
// Members who sign up here get no welcome credits (every other site copies the default's): the flows
// about a member with 0 credits use it.
run(['dist/db.js', 'site', '--domain', '127.0.0.7', '--entry-warning', 'off', '--signup-credits', '0']);
// Promoted partner cams (member resell) are shown only here: the other sites' pages stay without them.
run(['dist/db.js', 'site', '--domain', '127.0.0.5', '--entry-warning', 'off', '--member-resell', 'on']);
// New photos wait for a moderator's approval only here (photo pre-moderation).
run(['dist/db.js', 'site', '--domain', '127.0.0.6', '--entry-warning', 'off', '--photo-premoderation', 'on']);

const servers = Array.from({ length: instances }, (_, index) =>
  spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
    env: { ...env, PORT: String(Number(port) + index) },
    stdio: 'inherit',
  }),
);
const stop = (signal) => {
  for (const server of servers) if (server.exitCode === null) server.kill(signal);
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
// One instance ending ends them all (and this script, with its code).
for (const server of servers) {
  server.on('exit', (code) => {
    stop('SIGTERM');
    if (servers.every((s) => s.exitCode !== null || s.signalCode !== null)) process.exit(code ?? 0);
  });
}
