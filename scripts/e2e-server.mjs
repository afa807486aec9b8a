// Starts the built app for the browser tests on a fresh database: a new PGlite directory, or a new
// PostgreSQL database when E2E_DATABASE_URL is set. Usage: node scripts/e2e-server.mjs <name> <port> [--mocked]
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const [name = 'app', port = '3201', ...flags] = process.argv.slice(2);
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
  // Every flow signs up from the same address.
  RATE_LIMIT_SIGNUPS_PER_HOUR: '1000',
  // A webhook call that failed is tried again within a second, not a minute.
  JOB_RETRY_BASE_MS: '500',
  // Each console flow makes its own operators (POST /api/dev/operator.php).
  DEV_OPERATOR_FACTORY: '1',
};
delete env.DATABASE_URL;

if (process.env.E2E_DATABASE_URL) {
  const database = `app_e2e_${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
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

const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], { env, stdio: 'inherit' });
const stop = (signal) => server.kill(signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', (code) => process.exit(code ?? 0));
