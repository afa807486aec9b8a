// Server rendering of the member pages, as bench:pages reports it: `/members` and `/members/{id}` (a
// different member on each request) rendered by the built server for the logged-in demo member, over
// 100,000 demo members in PostgreSQL (lovelane_bench_100000, made and seeded when missing, then kept),
// at 50 connections. Besides pages/s and latency it reads the CPU time the server's processes and
// PostgreSQL spent per page from /proc, to say where the time goes.
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  cpuSeconds,
  freePort,
  HOST,
  log,
  logInDemo,
  postgresBenchDatabase,
  seedDemoMembers,
  start,
  stop,
  waitForHttp,
} from './lib.mjs';

export const MEMBER_PAGES_TARGET = 150; // pages/s for each route on this 2-core machine

/** Ids of members the demo member can see, from its own searches. */
async function visibleMemberIds(origin, headers) {
  const ids = new Set();
  for (let page = 1; page <= 20; page += 1) {
    const res = await fetch(`${origin}/api/members.php?page=${page}`, { headers });
    if (!res.ok) throw new Error(`GET /api/members.php?page=${page} -> ${res.status}`);
    for (const card of (await res.json()).page?.results ?? []) ids.add(card.id);
  }
  if (ids.size === 0) throw new Error('the demo member finds nobody to open');
  return [...ids];
}

async function loadRoute({ origin, headers, connections, durationS, warmupS, nextPath, serverGroup }) {
  const options = {
    url: origin,
    connections,
    headers,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: nextPath() }) }],
  };
  await autocannon({ ...options, duration: warmupS });
  const before = cpuSeconds(serverGroup);
  const result = await autocannon({ ...options, duration: durationS });
  const after = cpuSeconds(serverGroup);
  const pages = result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    serverCpuMs: pages ? ((after.server - before.server) * 1000) / pages : 0,
    postgresCpuMs: pages ? ((after.postgres - before.postgres) * 1000) / pages : 0,
  };
}

async function pageWeight(url, headers) {
  const res = await fetch(url, { headers });
  const html = await res.text();
  if (!res.ok) throw new Error(`GET ${url} -> ${res.status}`);
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script\s*>/gi)]
    .map((m) => m[1].length)
    .reduce((a, b) => a + b, 0);
  return { html: Buffer.byteLength(html), inline };
}

/**
 * Runs the member-page load test against dist/server.js. `workDir` holds the logs; `processes` is
 * WEB_CONCURRENCY (unset: the server's default, one process per core on PostgreSQL).
 */
export async function measureMemberPages({
  workDir,
  members = 100_000,
  connections = 50,
  durationS = 10,
  warmupS = 3,
  processes = process.env.BENCH_WEB_CONCURRENCY,
}) {
  const target = await postgresBenchDatabase(members);
  const seeded = await seedDemoMembers({
    url: target.url,
    dataDir: path.join(workDir, target.name),
    members,
    logFile: path.join(workDir, `seed-${target.name}.log`),
  });
  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  const app = start('app (dist/server.js, PostgreSQL)', process.execPath, ['dist/server.js'], {
    env: {
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(port),
      HOST,
      DATABASE_URL: target.url,
      RATE_LIMIT_MEMBER_READS_PER_MINUTE: '100000000',
      RATE_LIMIT_WRITES_PER_MINUTE: '100000',
      ...(processes ? { WEB_CONCURRENCY: String(processes) } : {}),
    },
    logFile: path.join(workDir, 'app-postgres.log'),
  });
  try {
    await waitForHttp(app, `${origin}/api/settings.php`, 180_000);
    const cookie = `${await logInDemo(origin)}; site_entry_accepted=1`;
    const headers = { cookie, 'accept-language': 'en' };
    const ids = await visibleMemberIds(origin, headers);
    const firstMember = `/members/${ids[0]}`;
    const weights = {
      '/members': await pageWeight(`${origin}/members`, headers),
      '/members/{id}': await pageWeight(`${origin}${firstMember}`, headers),
    };
    const loadavg = os.loadavg()[0];
    let next = 0;
    const common = { origin, headers, connections, durationS, warmupS, serverGroup: app.pid };
    log(`member pages: /members, ${connections} connections, ${warmupS} s warm-up + ${durationS} s ...`);
    const search = await loadRoute({ ...common, nextPath: () => '/members' });
    log(`member pages: /members/{id} over ${ids.length} members ...`);
    const member = await loadRoute({
      ...common,
      nextPath: () => `/members/${ids[(next += 1) % ids.length]}`,
    });
    return {
      members,
      database: target.name,
      seeded,
      processes: processes ?? `default (${os.availableParallelism()} cores)`,
      connections,
      durationS,
      loadavg,
      routes: {
        '/members': { ...search, ...weights['/members'] },
        '/members/{id}': { ...member, ...weights['/members/{id}'] },
      },
    };
  } finally {
    await stop(app);
  }
}

/** Report rows in bench:pages' table shape: figure, value, target, result. */
export function memberPageRows(result) {
  const kB = (b) => `${(b / 1000).toFixed(1)} kB`;
  return Object.entries(result.routes).flatMap(([route, r]) => [
    [
      `Server rendering ${route} (logged in)`,
      `${Math.round(r.rps)} pages/s, p50 ${r.p50} ms, p99 ${r.p99} ms${
        r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : ''
      }`,
      `>= ${MEMBER_PAGES_TARGET} pages/s`,
      r.rps >= MEMBER_PAGES_TARGET && !r.non2xx && !r.errors ? 'PASS' : 'MISS',
    ],
    [
      `  CPU per page ${route}`,
      `server ${r.serverCpuMs.toFixed(1)} ms, PostgreSQL ${r.postgresCpuMs.toFixed(1)} ms`,
      '-',
      'info',
    ],
    [`  HTML ${route}`, `${kB(r.html)} (inline scripts ${kB(r.inline)})`, '-', 'info'],
  ]);
}
