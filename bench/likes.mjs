#!/usr/bin/env node
// Likes benchmark, on PostgreSQL with the million-member demo set (npm run bench:likes): p95 at 50
// connections of
//   - sending a like (POST /api/like.php) from 50 members to random visible members,
//   - GET /api/likes.php and the first page of received likes for a member with 10,000 received likes,
//   - the swipe game's stack (GET /api/swipe.php) and the match-finder (GET /api/match-finder.php)
//     for those 50 members, with the answers their profiles give and a distance,
// each for 20 s against the built server; then EXPLAIN (ANALYZE, BUFFERS) of every read statement each
// of them runs, and whether any walks a table sequentially. Target: p95 <= 50 ms each, no sequential
// scans. A report, not a test.
//
//   node bench/likes.mjs                         1,000,000 members (BENCH_DATABASE_URL or lovelane_bench)
//   node bench/likes.mjs --members 100000        another size (its own database)
//   node bench/likes.mjs --duration 10 --only like,likes
//   node bench/likes.mjs --only like --profile   and a CPU profile of the server in .tmp/bench-likes
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  cpuSeconds,
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
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string', default: '' },
    // Writes a V8 CPU profile of the server to .tmp/bench-likes (see bench/cpu-profile-summary.mjs).
    profile: { type: 'boolean', default: false },
  },
});
const MEMBERS = Number(args.members);
const DURATION_S = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const TARGET_P95_MS = 50;
const RECEIVED_LIKES = 10_000;
const LIKERS = 50;
const WORK = path.join(ROOT, '.tmp/bench-likes');

// Sets the scene in the database with the app's own code: sessions for 50 members who like, 10,000
// received likes for the demo member, and a pool of members one may like. Prints it as JSON.
const SETUP = `
import { sql } from 'drizzle-orm';
import { createSession } from '@/lib/server/auth/sessions';
import { closeDatabase, getDb } from '@/lib/server/db/client';
const [email, received, likers] = [process.argv[2] ?? '', Number(process.argv[3]), Number(process.argv[4])];
const db = await getDb();
try {
  const demo = (await db.execute(sql\`select id from users where lower(email) = \${email}\`)).rows[0]?.id;
  if (!demo) throw new Error('the demo member is missing');
  const visible = sql\`p.status = 'active' and not p.invisible\`;
  await db.execute(sql\`insert into likes (liker_id, liked_id, source, is_new, created_at)
    select p.user_id, \${demo}, 'member', p.user_id % 7 = 0, now() - (p.user_id % 5000) * interval '1 minute'
    from profiles p where \${visible} and p.user_id <> \${demo} and p.user_id % 13 = 5
    order by p.user_id limit \${received} on conflict do nothing\`);
  // As autovacuum would have by then: planner statistics and the visibility map of the new likes.
  await db.execute(sql\`vacuum analyze likes\`);
  const count = (await db.execute(sql\`select count(*)::int as n from likes where liked_id = \${demo}\`)).rows[0]?.n;
  const likerIds = (await db.execute(sql\`select p.user_id as id from profiles p where \${visible}
    and p.user_id <> \${demo} and p.user_id % 101 = 3 order by p.user_id limit \${likers}\`)).rows.map((r) => r.id);
  const tokens = [];
  for (const id of likerIds) tokens.push(await createSession({ userId: id }));
  const targets = (await db.execute(sql\`select p.user_id as id from profiles p where \${visible}
    and p.user_id % 17 = 2 order by p.user_id limit 20000\`)).rows.map((r) => r.id);
  console.log(JSON.stringify({ demo, received: count, likerIds, tokens, targets }));
} finally {
  await closeDatabase();
}
`;

// Runs one of the measured calls once in the app's code, records every statement it sends, and
// prints EXPLAIN (ANALYZE, BUFFERS) of each read (warm, as under load).
const EXPLAIN = `
import pg from 'pg';
import { closeDatabase, getDb } from '@/lib/server/db/client';
import { likeMember } from '@/lib/server/likes/like-member';
import { getLikesState } from '@/lib/server/likes/likes-state';
import { listLikes } from '@/lib/server/likes/list-likes';
import { getSwipeStack } from '@/lib/server/likes/get-swipe-stack';
import { findMatches } from '@/lib/server/members/match-finder';
const [name, input] = [process.argv[2] ?? '', JSON.parse(process.argv[3] ?? '{}')];
const calls = {
  like: () => likeMember({ userId: input.liker, memberId: input.target }),
  likes: () => getLikesState({ userId: input.demo }),
  'like-list': () => listLikes({ userId: input.demo, type: 'received', page: 1 }),
  swipe: () => getSwipeStack({ userId: input.viewer }),
  finder: () => findMatches({ viewerId: input.viewer, query: { distance: input.distance } }),
};
const captured = [];
let capturing = false;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values, callback) {
  if (capturing) {
    const text = typeof config === 'string' ? config : config?.text;
    const params = typeof config === 'string' ? values : (config?.values ?? values);
    if (text) captured.push({ text, params: Array.isArray(params) ? params : [] });
  }
  return query.call(this, config, values, callback);
};
const db = await getDb();
try {
  if (!calls[name]) throw new Error('unknown call ' + name);
  await calls[name]();
  capturing = true;
  await calls[name]();
  capturing = false;
  const client = db.$client;
  const plans = [];
  for (const { text, params } of captured) {
    if (!/^\\s*(select|with)\\b/i.test(text) || /pg_advisory/.test(text)) continue;
    const rows = (await client.query('EXPLAIN (ANALYZE, BUFFERS) ' + text, params)).rows;
    plans.push({ sql: text, params, plan: rows.map((r) => r['QUERY PLAN']) });
  }
  console.log(JSON.stringify(plans));
} finally {
  await closeDatabase();
}
`;

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** The calls measured: how each request is made, and the input of its EXPLAIN. */
function scenarios(scene, origin, demoCookie) {
  const json = { 'content-type': 'application/json', origin, 'accept-language': 'en' };
  const likerCookie = () => `auth_session=${pick(scene.tokens)}`;
  return [
    {
      name: 'like',
      title: 'POST /api/like.php (50 members liking random members)',
      request: () => ({
        method: 'POST',
        path: '/api/like.php',
        headers: { ...json, cookie: likerCookie() },
        body: JSON.stringify({ member: pick(scene.targets) }),
      }),
      explain: { liker: scene.likerIds[0], target: scene.targets[1] },
    },
    {
      name: 'likes',
      title: `GET /api/likes.php (${scene.received.toLocaleString('en')} received likes)`,
      request: () => ({ method: 'GET', path: '/api/likes.php', headers: { cookie: demoCookie } }),
      explain: { demo: scene.demo },
    },
    {
      name: 'like-list',
      title: 'GET /api/like-list.php?type=received (first page of them)',
      request: () => ({
        method: 'GET',
        path: '/api/like-list.php?type=received&page=1',
        headers: { cookie: demoCookie },
      }),
      explain: { demo: scene.demo },
    },
    {
      name: 'swipe',
      title: 'GET /api/swipe.php (the stack, for the 50 members)',
      request: () => ({ method: 'GET', path: '/api/swipe.php', headers: { cookie: likerCookie() } }),
      explain: { viewer: scene.likerIds[0] },
    },
    {
      name: 'finder',
      title: 'GET /api/match-finder.php (profile answers, 25–100 km or anywhere)',
      request: () => ({
        method: 'GET',
        path: `/api/match-finder.php?distance=${pick(['25', '50', '100', 'anywhere'])}`,
        headers: { cookie: likerCookie() },
      }),
      explain: { viewer: scene.likerIds[0], distance: '50' },
    },
  ].filter((s) => !args.only || args.only.split(',').includes(s.name));
}

async function measure(origin, scenario, connections = CONNECTIONS, duration = DURATION_S, group = 0) {
  const cpuBefore = cpuSeconds(group);
  const latencies = [];
  const statuses = new Map();
  const instance = autocannon({
    url: origin,
    connections,
    duration,
    requests: [{ setupRequest: (req) => ({ ...req, ...scenario.request() }) }],
  });
  instance.on('response', (_client, status, _bytes, responseTime) => {
    latencies.push(responseTime);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  });
  const result = await instance;
  const cpuAfter = cpuSeconds(group);
  const calls = Math.max(1, latencies.length);
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: result.requests.average,
    total: latencies.length,
    // CPU per call of the app (its processes) and of PostgreSQL (all its processes).
    cpuPerCall: ((cpuAfter.server - cpuBefore.server) * 1000) / calls,
    pgCpuPerCall: ((cpuAfter.postgres - cpuBefore.postgres) * 1000) / calls,
    statuses: Object.fromEntries(statuses),
    errors: result.errors + result.timeouts,
  };
}

async function explain(target, scenario) {
  const file = path.join(WORK, `explain-${scenario.name}.log`);
  await run(
    'explain',
    process.execPath,
    ['dist/bench-likes-explain.js', scenario.name, JSON.stringify(scenario.explain)],
    {
      // The plans need only the database: without REDIS_URL the script opens no Redis connection
      // and ends when it has printed them.
      env: {
        NODE_ENV: 'production',
        DATABASE_URL: target.url,
        RATE_LIMIT_LIKES_PER_HOUR: '10000000',
        REDIS_URL: '',
      },
      logFile: file,
    },
  );
  const line = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('['));
  return JSON.parse(line ?? '[]');
}

async function main() {
  fs.mkdirSync(WORK, { recursive: true });
  const serverEntry = await ensureServerBuilt(WORK, {
    'bench-likes-setup': SETUP,
    'bench-likes-explain': EXPLAIN,
  });
  const target = await postgresBenchDatabase(MEMBERS, { exact: MEMBERS === 1_000_000 });
  await seedDemoMembers({
    url: target.url,
    dataDir: path.join(WORK, 'data'),
    members: MEMBERS,
    logFile: path.join(WORK, 'seed.log'),
  });
  const setupLog = path.join(WORK, 'setup.log');
  await run(
    'setup',
    process.execPath,
    ['dist/bench-likes-setup.js', DEMO_LOGIN.email, String(RECEIVED_LIKES), String(LIKERS)],
    { env: { NODE_ENV: 'production', DATABASE_URL: target.url }, logFile: setupLog },
  );
  const scene = JSON.parse(
    fs
      .readFileSync(setupLog, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('{')) ?? '{}',
  );
  log(`demo member ${scene.demo}: ${scene.received} received likes; ${scene.tokens.length} likers`);

  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  const profiling = args.profile ? ['--cpu-prof', `--cpu-prof-dir=${WORK}`] : [];
  const app = start('app', process.execPath, [...profiling, '--enable-source-maps', serverEntry], {
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST,
      DATABASE_URL: target.url,
      RATE_LIMIT_WRITES_PER_MINUTE: '10000000',
      RATE_LIMIT_MEMBER_READS_PER_MINUTE: '10000000',
      RATE_LIMIT_LIKES_PER_HOUR: '10000000',
    },
    logFile: path.join(WORK, 'app.log'),
  });
  const results = [];
  try {
    await waitForHttp(app, `${origin}/api/settings.php`, 180_000);
    const demoCookie = await logInDemo(origin);
    for (const scenario of scenarios(scene, origin, demoCookie)) {
      // Warm: the first calls compile and fill caches.
      for (let i = 0; i < 30; i += 1) {
        const { method, path: p, headers, body } = scenario.request();
        await (await fetch(origin + p, { method, headers, body })).arrayBuffer();
      }
      log(`${scenario.name}: ${CONNECTIONS} connections for ${DURATION_S} s`);
      const load = await measure(origin, scenario, CONNECTIONS, DURATION_S, app.pid);
      // One request at a time: the time one call takes, without waiting behind the other 49.
      const alone = await measure(origin, scenario, 1, Math.min(DURATION_S, 5));
      results.push({ scenario, load, alone });
    }
  } finally {
    await stop(app);
  }
  for (const result of results) result.plans = await explain(target, result.scenario);
  await stopAll();

  console.log(
    `\nLikes benchmark — PostgreSQL (${target.name}), ${MEMBERS.toLocaleString('en')} members, ${CONNECTIONS} connections, ${DURATION_S} s each, node ${process.version}, server ${serverEntry}\n`,
  );
  console.log(
    `  ${'call'.padEnd(62)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)} ${'req/s'.padStart(7)}  1 conn p50/p95  app CPU/call  PG CPU/call  statuses   seq scans  p95 <= ${TARGET_P95_MS} ms`,
  );
  for (const { scenario, load, alone, plans } of results) {
    const seq = plans.flatMap((p) => p.plan.filter((l) => /Seq Scan/.test(l)).map((l) => l.trim()));
    console.log(
      `  ${scenario.title.padEnd(62)} ${load.p50.toFixed(1).padStart(6)}ms ${load.p95.toFixed(1).padStart(6)}ms ${load.p99.toFixed(1).padStart(6)}ms ${load.rps.toFixed(0).padStart(7)}  ${`${alone.p50.toFixed(1)}/${alone.p95.toFixed(1)} ms`.padEnd(14)}  ${`${load.cpuPerCall.toFixed(2)} ms`.padStart(12)}  ${`${load.pgCpuPerCall.toFixed(2)} ms`.padStart(11)}  ${JSON.stringify(load.statuses)}${load.errors ? ` errors ${load.errors}` : ''}  ${seq.length ? 'YES' : 'no'}  ${load.p95 <= TARGET_P95_MS && !seq.length ? 'PASS' : 'MISS'}`,
    );
  }
  for (const { scenario, plans } of results) {
    console.log(`\n  ${scenario.title}: EXPLAIN (ANALYZE, BUFFERS) of each read it sends`);
    for (const { sql, params, plan } of plans) {
      console.log(`\n    ${sql.replace(/\s+/g, ' ')}\n    params ${JSON.stringify(params)}`);
      for (const line of plan) console.log(`      ${line}`);
    }
  }
}

main().catch(async (error) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});
