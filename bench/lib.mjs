// Process handling shared by the benchmarks: every child in its own process group, always stopped
// as a group (also on Ctrl-C), temporary data folders removed afterwards.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Scratch folders of the benchmarks live under .tmp, which a fresh clone does not have.
fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
export const HOST = '127.0.0.1';
export const HEADERS = { 'accept-language': 'en', cookie: 'site_entry_accepted=1' };
/** The working login the demo data always has (scripts/demo). */
export const DEMO_LOGIN = { email: 'demo@lovelane.example', password: 'lovelane-demo-2025' };

// ---------------------------------------------------------------------------------------------
// Child processes: each in its own process group, always stopped as a group.

/** @type {Map<number, import('node:child_process').ChildProcess>} */
const groups = new Map();

export function log(msg) {
  process.stderr.write(`[bench] ${msg}\n`);
}

export function start(name, cmd, args, { cwd = ROOT, env = {}, logFile }) {
  const out = fs.openSync(logFile, 'w');
  const child = spawn(cmd, args, {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  child.benchName = name;
  child.logFile = logFile;
  child.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      groups.delete(child.pid);
      child.exitInfo = { code, signal };
      resolve(child.exitInfo);
    });
  });
  child.once('error', (error) => {
    child.exitInfo = { code: -1, signal: null, error };
  });
  if (child.pid) groups.set(child.pid, child);
  return child;
}

function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

export async function stop(child) {
  if (!child?.pid) return;
  signalGroup(child.pid, 'SIGTERM');
  const timer = new Promise((resolve) => setTimeout(resolve, 12_000, 'timeout'));
  if ((await Promise.race([child.exited, timer])) === 'timeout') {
    log(`${child.benchName} did not stop on SIGTERM, sending SIGKILL`);
    signalGroup(child.pid, 'SIGKILL');
    await child.exited;
  }
  // Stragglers in the group (e.g. workers) that outlived the leader.
  signalGroup(child.pid, 'SIGTERM');
}

/** Temporary data directories, removed once their server has stopped. */
export const tempDirs = new Set();

export async function stopAll() {
  await Promise.all([...groups.values()].map((c) => stop(c)));
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

export function tail(file, lines = 30) {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Runs a command to completion in its own process group; throws with the log tail on failure. */
export async function run(name, cmd, args, opts) {
  const child = start(name, cmd, args, opts);
  const { code, signal } = await child.exited;
  if (code !== 0) {
    throw new Error(
      `${name} failed (${signal ?? `exit ${code}`}); last lines of ${path.relative(ROOT, opts.logFile)}:\n${tail(opts.logFile, 40)}`,
    );
  }
}

let cleaningUp = false;
/** Whether a signal is stopping the benchmark (its handler then exits). */
export const isStopping = () => cleaningUp;
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (cleaningUp) return;
    cleaningUp = true;
    log(`${sig}: stopping child processes`);
    void stopAll().finally(() => process.exit(130));
  });
}
process.on('exit', () => {
  for (const pid of groups.keys()) signalGroup(pid, 'SIGTERM');
});

// ---------------------------------------------------------------------------------------------
// Helpers

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

export async function waitForHttp(child, url, timeoutMs) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitInfo) {
      throw new Error(
        `${child.benchName} exited before answering (${child.exitInfo.signal ?? `exit ${child.exitInfo.code}`}); last lines of ${path.relative(ROOT, child.logFile)}:\n${tail(child.logFile)}`,
      );
    }
    try {
      const res = await fetch(url, {
        headers: HEADERS,
        redirect: 'manual',
        signal: AbortSignal.timeout(5_000),
      });
      await res.arrayBuffer();
      return Date.now() - started;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  throw new Error(
    `${child.benchName} did not answer ${url} within ${timeoutMs / 1000} s; last lines of ${path.relative(ROOT, child.logFile)}:\n${tail(child.logFile)}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Server bundles for benchmarks that need no Next build

const emptyServerOnly = {
  name: 'server-only',
  setup(b) {
    b.onResolve({ filter: /^server-only$/ }, () => ({ path: 'server-only', namespace: 'empty' }));
    b.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: '', loader: 'js' }));
  },
};

/** Bundles a small entry written here against the app's code, as scripts/build-server.mjs does. */
export async function bundle(name, contents) {
  await build({
    stdin: { contents, resolveDir: ROOT, sourcefile: `${name}.ts`, loader: 'ts' },
    outfile: path.join(ROOT, 'dist', `${name}.js`),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
    plugins: [emptyServerOnly],
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
  });
}

// ---------------------------------------------------------------------------------------------
// The server under test: the server bundles only (never `next build`), when missing or older than
// their sources.

function newest(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newest(path.join(entry, name))));
}

/**
 * Bundles the server (and scripts/db.ts) when older than the sources, plus `extra` small entries
 * (name → source, see `bundle`); answers the server entry to start: dist/server.js when a Next build
 * exists, else an API-only server from the same code.
 */
export async function ensureServerBuilt(workDir, extra = {}) {
  const dist = path.join(ROOT, 'dist');
  const sources = Math.max(
    ...['lib', 'server.ts', 'scripts/db.ts', 'package.json'].map((s) => newest(path.join(ROOT, s))),
  );
  const server = path.join(dist, 'server.js');
  const db = path.join(dist, 'db.js');
  if (!fs.existsSync(server) || !fs.existsSync(db) || Math.min(newest(server), newest(db)) < sources) {
    log('bundling the server (node scripts/build-server.mjs scripts/db.ts)…');
    fs.mkdirSync(workDir, { recursive: true });
    await run('build-server', process.execPath, ['scripts/build-server.mjs', 'scripts/db.ts'], {
      logFile: path.join(workDir, 'build.log'),
    });
  }
  await bundle('bench-api-server', API_SERVER);
  for (const [name, contents] of Object.entries(extra)) await bundle(name, contents);
  return fs.existsSync(path.join(ROOT, '.next/BUILD_ID')) ? 'dist/server.js' : 'dist/bench-api-server.js';
}

// An API-only server for machines without a Next build: the same Hono app and database setup.
export const API_SERVER = `
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createApiApp } from '@/lib/server/api/app';
import { prepareDatabase } from '@/lib/server/boot';
import { closeDatabase } from '@/lib/server/db/client';
import { env } from '@/lib/server/env';
const config = env();
await prepareDatabase();
const api = getRequestListener(createApiApp().fetch);
const server = http.createServer((req, res) => {
  if (req.url?.startsWith('/api/')) return void api(req, res);
  res.statusCode = 404;
  res.end();
});
server.listen(config.PORT, config.HOST, () => console.log('[bench-api] ready on ' + config.PORT));
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    void closeDatabase().finally(() => process.exit(0));
  });
}
`;

// ---------------------------------------------------------------------------------------------
// Demo populations in PostgreSQL, kept between runs

/**
 * The PostgreSQL database of a benchmark population: lovelane_bench (1,000,000 members) or
 * lovelane_bench_<members>, on BENCH_DATABASE_URL's server or the local one; made when missing and kept,
 * so the next run reuses its members. With `exact`, BENCH_DATABASE_URL itself is used.
 */
export async function postgresBenchDatabase(members, { exact = false } = {}) {
  const { default: pg } = await import('pg');
  let url;
  if (process.env.BENCH_DATABASE_URL) {
    url = new URL(process.env.BENCH_DATABASE_URL);
    if (exact) return { url: url.toString(), name: url.pathname.slice(1) };
    url.pathname = `/lovelane_bench_${members}`;
  } else {
    url = new URL('postgres://postgres@127.0.0.1:5432/');
    url.pathname = members === 1_000_000 ? '/lovelane_bench' : `/lovelane_bench_${members}`;
  }
  const name = url.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      log(`creating database ${name}`);
      await client.query(`CREATE DATABASE "${name}"`);
    }
  } finally {
    await client.end();
  }
  return { url: url.toString(), name };
}

/** Tops the demo members up to `members` with the app's own seeder; returns the seconds it took. */
export async function seedDemoMembers({ url = '', dataDir, members, logFile }) {
  const started = Date.now();
  await run('seed', process.execPath, ['dist/db.js', 'seed', '--members', String(members)], {
    env: { NODE_ENV: 'production', DATABASE_URL: url, DATA_DIR: dataDir },
    logFile,
  });
  const output = fs.readFileSync(logFile, 'utf8');
  const seconds = (Date.now() - started) / 1000;
  const added = /\[db\] (\d+) demo members added/.exec(output);
  log(
    added
      ? `seeded ${added[1]} members in ${seconds.toFixed(1)} s`
      : `reused ${members} members (${seconds.toFixed(1)} s to check)`,
  );
  return { seconds, added: added ? Number(added[1]) : 0 };
}

/** Logs the demo member in; returns the session's cookie header. */
export async function logInDemo(origin) {
  const res = await fetch(`${origin}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(DEMO_LOGIN),
  });
  if (res.status !== 200) throw new Error(`demo login failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU seconds used so far by the processes of one process group, and by PostgreSQL's processes. */
export function cpuSeconds(serverGroup) {
  let server = 0;
  let postgres = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is the state (field 3 of proc(5)): pgrp is field 5, utime 14, stime 15.
    const ticks = Number(fields[11]) + Number(fields[12]);
    if (Number(fields[2]) === serverGroup) server += ticks;
    else if (comm === 'postgres') postgres += ticks;
  }
  return { server: server / TICKS_PER_SECOND, postgres: postgres / TICKS_PER_SECOND };
}
