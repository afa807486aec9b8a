#!/usr/bin/env node
// Chat benchmark (npm run bench:chat): how fast a message reaches the recipient's open event stream.
//   - two app instances on PostgreSQL + Redis (REDIS_URL, BENCH_REDIS_URL or redis://127.0.0.1:6379):
//     the streams are open on instance B, the messages are sent through instance A, so every
//     delivery crosses the bus (engine pg-redis, the default besides PGlite);
//   - PostgreSQL (lovelane_bench_chat on postgres://postgres@127.0.0.1:5432, or BENCH_DATABASE_URL's
//     server): 1,000 members with GET /api/events.php open; 50 messages a second for 60 s sent with
//     POST /api/chat.php by premium members with credits to those members; latency from the start of
//     the send to the recipient's stream receiving that message event: p50, p99, and lost (sent, never
//     received within 5 s after the end);
//   - the same on PGlite (embedded) with 100 streams;
//   - GET /api/chats.php for a member with 500 conversations: p95 one request at a time and at 50
//     connections.
// Also the CPU milliseconds per message of the sending instance, the receiving one and PostgreSQL,
// and the receiving instance's resident memory per open stream.
// Targets: p50 <= 50 ms, p99 <= 200 ms, 0 lost, chats.php p95 <= 50 ms. A report, not a test.
//
//   node bench/chat.mjs                                   two instances on PostgreSQL + Redis, then PGlite
//   node bench/chat.mjs --engine pg-redis --streams 200 --duration 10    a small two-instance run
//   node bench/chat.mjs --engine pg                       one instance on PostgreSQL (LISTEN/NOTIFY)
//   node bench/chat.mjs --engine pg --duration 10         one engine, a shorter run
//   node bench/chat.mjs --streams 200 --rate 20 --chats-duration 5
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  cpuSeconds,
  ensureServerBuilt,
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
    engine: { type: 'string', default: 'both' },
    duration: { type: 'string', default: '60' },
    rate: { type: 'string', default: '50' },
    streams: { type: 'string', default: '' },
    senders: { type: 'string', default: '100' },
    conversations: { type: 'string', default: '500' },
    'chats-duration': { type: 'string', default: '10' },
  },
});
const DURATION_S = Number(args.duration);
const RATE = Number(args.rate);
const SENDERS = Number(args.senders);
const CONVERSATIONS = Number(args.conversations);
const CHATS_DURATION_S = Number(args['chats-duration']);
const STREAMS = {
  'pg-redis': Number(args.streams || 1000),
  pg: Number(args.streams || 1000),
  pglite: Number(args.streams || 100),
};
/** A message not on its recipient's stream this long after the last send counts as lost. */
const GRACE_MS = 5_000;
const TARGETS = { p50: 50, p99: 200, chatsP95: 50 };
const WORK = path.join(ROOT, '.tmp/bench-chat');

// Sets the scene with the app's own code and prints it as JSON: members with open streams, premium
// senders with credits, and a member with CONVERSATIONS conversations; each with a session.
const SETUP = `
import { inArray, eq } from 'drizzle-orm';
import { prepareDatabase } from '@/lib/server/boot';
import { createSession } from '@/lib/server/auth/sessions';
import { postCreditEntry } from '@/lib/server/credits/post-credit-entry';
import { closeDatabase } from '@/lib/server/db/client';
import { closeMessageBus } from '@/lib/server/bus/get-message-bus';
import { closeRedis } from '@/lib/server/redis/get-redis';
import { profiles, sites, users } from '@/lib/server/db/schema';
import { sendMessage } from '@/lib/server/chat/send-message';
const [streams, senders, conversations] = process.argv.slice(2).map(Number);
const handle = await prepareDatabase();
const db = handle.db;
const tag = Date.now().toString(36);
try {
  const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.domain, 'default'));
  if (!site) throw new Error('the default site is missing');
  /** Confirmed members with active, visible profiles; premium ones may start any number of conversations. */
  const members = async (kind, count, paidUser) => {
    const ids = [];
    for (let from = 0; from < count; from += 500) {
      const rows = await db
        .insert(users)
        .values(Array.from({ length: Math.min(500, count - from) }, (_, i) => ({
          siteId: site.id,
          email: 'bench-chat-' + tag + '-' + kind + '-' + (from + i) + '@bench.invalid',
          passwordHash: 'unusable',
          status: 'confirmed',
          language: 'en',
          paidUser,
        })))
        .returning({ id: users.id });
      await db.insert(profiles).values(rows.map((row) => ({
        userId: row.id,
        name: (kind + row.id).slice(0, 24),
        gender: row.id % 2 ? 'female' : 'male',
        dateOfBirth: '1990-06-15',
        country: 'NL',
        status: 'active',
        invisible: false,
        fictional: false,
        lastActiveAt: new Date(),
      })));
      ids.push(...rows.map((row) => row.id));
    }
    return ids;
  };
  const withSessions = async (ids) => {
    const out = [];
    for (const id of ids) out.push({ id, token: await createSession({ userId: id }) });
    return out;
  };
  const streamMembers = await withSessions(await members('reader', streams, false));
  const senderMembers = await withSessions(await members('sender', senders, true));
  const [list] = await withSessions(await members('lister', 1, true));
  for (const member of [...senderMembers, list]) {
    await postCreditEntry({ userId: member.id, delta: 1_000_000, reason: 'operator_correction', reference: 'bench-chat:' + member.id });
  }
  const partners = await members('partner', conversations, false);
  for (const partner of partners) {
    await sendMessage({
      senderId: list.id,
      host: null,
      input: { kind: 'text', member: partner, client_key: randomKey(), text: 'Hello from the benchmark' },
    });
  }
  console.log(JSON.stringify({ streams: streamMembers, senders: senderMembers, list }));
} finally {
  // Sends publish on the bus (Redis with two instances): its connections would keep the script alive.
  await closeMessageBus();
  await closeRedis();
  await closeDatabase();
}
function randomKey() {
  return 'bench-' + Math.random().toString(36).slice(2) + Math.random().toString(36).slice(2);
}
`;

const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The PostgreSQL database of this benchmark, made when missing. */
async function postgresChatDatabase() {
  const { default: pg } = await import('pg');
  const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/');
  url.pathname = '/lovelane_bench_chat';
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      "SELECT 1 FROM pg_database WHERE datname = 'lovelane_bench_chat'",
    );
    if (!rowCount) {
      log('creating database lovelane_bench_chat');
      await client.query('CREATE DATABASE lovelane_bench_chat');
    }
  } finally {
    await client.end();
  }
  return url.toString();
}

/**
 * Opens a member's event stream and records when each message event arrives on it (only messages
 * to this member). Resolves once the stream has said where it starts.
 */
function openStream(origin, agent, member, arrivals) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${origin}/api/events.php`,
      { agent, headers: { accept: 'text/event-stream', cookie: `auth_session=${member.token}` } },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`events.php answered ${res.statusCode} for member ${member.id}`));
          res.resume();
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        let ready = false;
        res.on('data', (chunk) => {
          const now = performance.now();
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let event = '';
            let data = '';
            for (const line of block.split('\n')) {
              if (line.startsWith('event:')) event = line.slice(6).trim();
              else if (line.startsWith('data:')) data += line.slice(5).trim();
              else if (line.startsWith('id:') && !ready) {
                ready = true;
                resolve(req);
              }
            }
            if (event === 'message') {
              const { message } = JSON.parse(data);
              if (!message.from_viewer) arrivals.set(`${member.id}:${message.id}`, now);
            }
          }
        });
        res.on('error', () => undefined);
      },
    );
    req.on('error', reject);
  });
}

/** Sends RATE messages a second for DURATION_S seconds; answers each send's start, recipient and id. */
async function sendMessages(origin, agent, scene) {
  const sends = [];
  const failures = new Map();
  const inFlight = new Set();
  const body = (recipient) =>
    JSON.stringify({
      kind: 'text',
      member: recipient.id,
      client_key: randomUUID(),
      text: 'How is your day going?',
    });
  const sendOne = () => {
    const sender = pick(scene.senders);
    const recipient = pick(scene.streams);
    const payload = body(recipient);
    const startedAt = performance.now();
    const done = new Promise((resolve) => {
      const req = http.request(
        `${origin}/api/chat.php`,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            origin,
            cookie: `auth_session=${sender.token}`,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => {
            if (res.statusCode === 200) {
              sends.push({
                startedAt,
                answeredAt: performance.now(),
                recipient: recipient.id,
                id: JSON.parse(text).message.id,
              });
            } else {
              const key = `${res.statusCode} ${text.slice(0, 120)}`;
              failures.set(key, (failures.get(key) ?? 0) + 1);
            }
            resolve();
          });
        },
      );
      req.on('error', (error) => {
        failures.set(error.message, (failures.get(error.message) ?? 0) + 1);
        resolve();
      });
      req.end(payload);
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  };
  // Open loop: sends start on the clock, whether or not earlier ones have been answered.
  const total = Math.round(RATE * DURATION_S);
  const began = performance.now();
  for (let i = 0; i < total; i += 1) {
    const due = began + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    sendOne();
  }
  await Promise.all(inFlight);
  return { sends, failures, seconds: (performance.now() - began) / 1000 };
}

async function measureChats(origin, cookie, connections, duration) {
  const latencies = [];
  const statuses = new Map();
  const instance = autocannon({
    url: `${origin}/api/chats.php`,
    connections,
    duration,
    headers: { cookie, 'accept-encoding': 'gzip, br' },
  });
  instance.on('response', (_client, status, _bytes, responseTime) => {
    latencies.push(responseTime);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  });
  await instance;
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    total: latencies.length,
    statuses: Object.fromEntries(statuses),
  };
}

async function runEngine(engine, serverEntry) {
  const streams = STREAMS[engine];
  const dataDir = path.join(WORK, `data-${engine}`);
  const env = { NODE_ENV: 'production', CHAT_MESSAGES_PER_MINUTE: '1000000' };
  const twoInstances = engine === 'pg-redis';
  if (engine === 'pg' || twoInstances) {
    env.DATABASE_URL = await postgresChatDatabase();
    env.DATABASE_POOL_SIZE = '20';
  }
  if (twoInstances) {
    env.REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    env.REDIS_KEY_PREFIX = `bench:chat:${process.pid}:`;
    // One process per instance: the two instances share the machine's two cores.
    env.WEB_CONCURRENCY = '1';
  } else if (engine === 'pglite') {
    fs.rmSync(dataDir, { recursive: true, force: true });
    tempDirs.add(dataDir);
    env.DATA_DIR = dataDir;
  }
  log(
    `${engine}: setting up ${streams} readers, ${SENDERS} senders, a member with ${CONVERSATIONS} conversations`,
  );
  const setupLog = path.join(WORK, `setup-${engine}.log`);
  await run(
    'setup',
    process.execPath,
    ['dist/bench-chat-setup.js', String(streams), String(SENDERS), String(CONVERSATIONS)],
    {
      env,
      logFile: setupLog,
    },
  );
  const scene = JSON.parse(
    fs
      .readFileSync(setupLog, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('{')) ?? '{}',
  );

  const startInstance = async (name) => {
    const port = await freePort();
    const app = start(
      `app-${engine}-${name}`,
      process.execPath,
      [
        ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
        '--enable-source-maps',
        serverEntry,
      ],
      {
        env: {
          ...env,
          PORT: String(port),
          HOST,
          RATE_LIMIT_WRITES_PER_MINUTE: '10000000',
          RATE_LIMIT_MEMBER_READS_PER_MINUTE: '10000000',
        },
        logFile: path.join(WORK, `app-${engine}-${name}.log`),
      },
    );
    return { app, origin: `http://${HOST}:${port}` };
  };
  // Messages are sent through A; the streams are open on B (the same instance with one).
  const a = await startInstance('a');
  const b = twoInstances ? await startInstance('b') : a;
  const app = a.app;
  const origin = a.origin;
  const streamOrigin = b.origin;
  const streamAgent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const sendAgent = new http.Agent({ keepAlive: true, maxSockets: 100 });
  const arrivals = new Map();
  const requests = [];
  try {
    await waitForHttp(app, `${origin}/api/settings.php`, 180_000);
    if (b !== a) await waitForHttp(b.app, `${streamOrigin}/api/settings.php`, 180_000);
    // The send endpoint comes with the chat server; without it there is nothing to measure.
    const probe = await fetch(`${origin}/api/chat.php`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin,
        cookie: `auth_session=${scene.senders[0].token}`,
      },
      body: '{}',
    });
    if (probe.status === 404)
      throw new Error('POST /api/chat.php is missing from this build: the chat server is needed');

    log(`${engine}: opening ${streams} event streams${b !== a ? ' on instance B; sending through A' : ''}`);
    const rssBefore = residentBytes(b.app.pid);
    const opened = performance.now();
    for (let i = 0; i < scene.streams.length; i += 50) {
      requests.push(
        ...(await Promise.all(
          scene.streams.slice(i, i + 50).map((m) => openStream(streamOrigin, streamAgent, m, arrivals)),
        )),
      );
    }
    const openSeconds = (performance.now() - opened) / 1000;
    // What the open streams hold in the receiving instance: its resident memory per stream.
    const bytesPerStream = (residentBytes(b.app.pid) - rssBefore) / scene.streams.length;
    // Warm: the first sends compile and fill caches.
    for (let i = 0; i < 20; i += 1) {
      await fetch(`${origin}/api/chat.php`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin,
          cookie: `auth_session=${scene.senders[i % scene.senders.length].token}`,
        },
        body: JSON.stringify({
          kind: 'text',
          member: scene.streams[i % scene.streams.length].id,
          client_key: randomUUID(),
          text: 'warm',
        }),
      }).then((r) => r.arrayBuffer());
    }
    await sleep(500);
    arrivals.clear();

    log(`${engine}: ${RATE} messages/s for ${DURATION_S} s`);
    const [cpuA, cpuB] = [cpuSeconds(app.pid), cpuSeconds(b.app.pid)];
    const load = await sendMessages(origin, sendAgent, scene);
    const deadline = performance.now() + GRACE_MS;
    const missing = () => load.sends.filter((s) => !arrivals.has(`${s.recipient}:${s.id}`));
    while (missing().length && performance.now() < deadline) await sleep(100);
    // CPU per message sent: of the sending instance, of the receiving one, and of PostgreSQL (idle
    // streams included: their keep-alive comments, the rest of the instances' work meanwhile).
    const [afterA, afterB] = [cpuSeconds(app.pid), cpuSeconds(b.app.pid)];
    const perSend = (seconds) => (seconds * 1000) / Math.max(1, load.sends.length);
    const cpuPerSend = {
      sender: perSend(afterA.server - cpuA.server),
      receiver: b !== a ? perSend(afterB.server - cpuB.server) : null,
      postgres: perSend(afterA.postgres - cpuA.postgres),
    };
    const latencies = load.sends
      .map((s) => arrivals.get(`${s.recipient}:${s.id}`))
      .map((at, i) => (at === undefined ? null : at - load.sends[i].startedAt))
      .filter((v) => v !== null)
      .sort((a, b) => a - b);
    const answers = load.sends.map((s) => s.answeredAt - s.startedAt).sort((a, b) => a - b);
    // The event path alone: from the send's answer (its commit) to the stream; below 0 when the
    // stream had it before the sender's answer arrived.
    const afterAnswer = load.sends
      .filter((s) => arrivals.has(`${s.recipient}:${s.id}`))
      .map((s) => arrivals.get(`${s.recipient}:${s.id}`) - s.answeredAt)
      .sort((a, b) => a - b);
    for (const req of requests) req.destroy();
    requests.length = 0;

    const cookie = `auth_session=${scene.list.token}`;
    await (await fetch(`${origin}/api/chats.php`, { headers: { cookie } })).arrayBuffer();
    const chatsShape = await (await fetch(`${origin}/api/chats.php`, { headers: { cookie } })).json();
    log(`${engine}: GET /api/chats.php (${chatsShape.chats?.length} conversations), 1 and 50 connections`);
    const chatsAlone = await measureChats(origin, cookie, 1, CHATS_DURATION_S);
    const chatsLoad = await measureChats(origin, cookie, 50, CHATS_DURATION_S);
    return {
      engine,
      streams,
      openSeconds,
      sent: load.sends.length,
      failures: Object.fromEntries(load.failures),
      rate: load.sends.length / load.seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1) ?? NaN,
      sendP50: percentile(answers, 50),
      sendP99: percentile(answers, 99),
      afterP50: percentile(afterAnswer, 50),
      afterP99: percentile(afterAnswer, 99),
      lost: missing().length,
      bytesPerStream,
      cpuPerSend,
      conversations: chatsShape.chats?.length ?? 0,
      chatsAlone,
      chatsLoad,
    };
  } finally {
    for (const req of requests) req.destroy();
    streamAgent.destroy();
    sendAgent.destroy();
    await stop(app);
    if (b !== a) await stop(b.app);
  }
}

/** A process's resident memory in bytes (Linux: /proc/<pid>/status), or NaN. */
function residentBytes(pid) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

async function main() {
  fs.mkdirSync(WORK, { recursive: true });
  const serverEntry = await ensureServerBuilt(WORK, { 'bench-chat-setup': SETUP });
  const engines = args.engine === 'both' ? ['pg-redis', 'pglite'] : [args.engine];
  const results = [];
  for (const engine of engines) results.push(await runEngine(engine, serverEntry));
  await stopAll();

  const ms = (v) => `${Number.isFinite(v) ? v.toFixed(1) : '–'} ms`;
  const verdict = (ok) => (ok ? 'PASS' : 'MISS');
  console.log(
    `\nChat benchmark — ${RATE} messages/s for ${DURATION_S} s from ${SENDERS} senders, node ${process.version}, server ${serverEntry}\n`,
  );
  for (const r of results) {
    const name =
      r.engine === 'pg-redis'
        ? 'two instances on PostgreSQL + Redis (sent through A, received on B)'
        : r.engine === 'pg'
          ? 'PostgreSQL (lovelane_bench_chat)'
          : 'PGlite (embedded)';
    console.log(`  ${name}: ${r.streams} open streams (opened in ${r.openSeconds.toFixed(1)} s)`);
    console.log(
      `    message to recipient's stream   p50 ${ms(r.p50)} (<= ${TARGETS.p50}: ${verdict(r.p50 <= TARGETS.p50)})   p99 ${ms(r.p99)} (<= ${TARGETS.p99}: ${verdict(r.p99 <= TARGETS.p99)})   max ${ms(r.max)}`,
    );
    console.log(
      `    sent ${r.sent} at ${r.rate.toFixed(1)}/s, lost ${r.lost} (${verdict(r.lost === 0)}), refused ${JSON.stringify(r.failures)}`,
    );
    console.log(
      `    POST /api/chat.php answer p50 ${ms(r.sendP50)} p99 ${ms(r.sendP99)}; stream after the answer p50 ${ms(r.afterP50)} p99 ${ms(r.afterP99)}`,
    );
    const cpu = r.cpuPerSend;
    console.log(
      `    CPU per message: ${r.engine === 'pg-redis' ? `instance A (sends) ${ms(cpu.sender)}, instance B (streams) ${ms(cpu.receiver)}` : `the instance ${ms(cpu.sender)}`}, PostgreSQL ${r.engine === 'pglite' ? '– (in the instance)' : ms(cpu.postgres)};  memory per open stream ${(r.bytesPerStream / 1024).toFixed(1)} kB`,
    );
    console.log(
      `    GET /api/chats.php (${r.conversations} conversations)   1 conn p50 ${ms(r.chatsAlone.p50)} p95 ${ms(r.chatsAlone.p95)} (${verdict(r.chatsAlone.p95 <= TARGETS.chatsP95)})   50 conn p50 ${ms(r.chatsLoad.p50)} p95 ${ms(r.chatsLoad.p95)} (${verdict(r.chatsLoad.p95 <= TARGETS.chatsP95)})  ${JSON.stringify(r.chatsLoad.statuses)}`,
    );
  }
}

main().catch(async (error) => {
  console.error(error);
  await stopAll();
  process.exit(1);
});
