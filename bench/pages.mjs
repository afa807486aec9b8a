#!/usr/bin/env node
// Page benchmark: first-load JS and CSS (gzip) against an empty Next app of the same version,
// and throughput of the API and the home page against a bare node:http server, one shot each (the
// API's ratio to bare, measured in interleaved rounds, is bench:api's). Then server rendering of /members and /members/{id}, logged in, over 100,000 demo members in
// PostgreSQL (bench/member-pages.mjs).
// Run: node bench/pages.mjs   (npm run bench:pages). A report, not a test: exits 0 unless it cannot run.
// Options: --rebuild (or BENCH_REBUILD=1) forces `npm run build` even when a build exists;
// BENCH_PAGES_ONLY=weights or =members runs one part; BENCH_WEB_CONCURRENCY sets the server's processes
// for the member pages (default: one per core).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import {
  freePort,
  HEADERS,
  HOST,
  isStopping,
  log,
  ROOT,
  run,
  start,
  stop,
  stopAll,
  tail,
  tempDirs,
  waitForHttp,
} from './lib.mjs';
import { measureMemberPages, memberPageRows } from './member-pages.mjs';

const TMP = path.join(ROOT, '.tmp', 'bench');
const BASELINE_DIR = path.join(TMP, 'baseline');
// The baseline runs the same Next from its own (hard-linked) node_modules, so that Next and its bundles
// load one copy of next/react.
const BASELINE_NEXT_BIN = path.join(BASELINE_DIR, 'node_modules', 'next', 'dist', 'bin', 'next');
const NEXT_VERSION = JSON.parse(
  fs.readFileSync(path.join(ROOT, 'node_modules', 'next', 'package.json'), 'utf8'),
).version;

const ROUTES = ['/', '/pages/terms', '/pages/faq', '/lang-config'];
const JS_BUDGET_OVER_BASELINE = 20_000; // bytes gzip
const CSS_BUDGET = 25_000; // bytes gzip
const CONNECTIONS = 50;
const WARMUP_S = 2;
const DURATION_S = 10;

const REBUILD = process.argv.includes('--rebuild') || process.env.BENCH_REBUILD === '1';
const ONLY = process.env.BENCH_PAGES_ONLY ?? '';

const gzipCache = new Map();
function gz(buf) {
  return zlib.gzipSync(buf, { level: 9 }).length;
}

async function fetchBuffer(url) {
  const res = await fetch(url, { headers: HEADERS, signal: AbortSignal.timeout(30_000) });
  const buf = Buffer.from(await res.arrayBuffer());
  if (!res.ok) throw new Error(`GET ${url} -> ${res.status}`);
  return buf;
}

async function assetGzip(url) {
  if (!gzipCache.has(url)) {
    gzipCache.set(
      url,
      fetchBuffer(url).then((b) => ({ raw: b.length, gzip: gz(b) })),
    );
  }
  return gzipCache.get(url);
}

function decodeEntities(s) {
  return s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

function parseAttrs(s) {
  const attrs = {};
  for (const m of s.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attrs[m[1].toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

function sameOriginNext(ref, base) {
  const u = new URL(ref, base);
  return u.origin === new URL(base).origin && u.pathname.startsWith('/_next/') ? u.href : null;
}

/** First-load figures of one page: external same-origin /_next/ scripts, inline scripts, stylesheets. */
async function measurePage(origin, route) {
  const pageUrl = new URL(route, origin).href;
  const res = await fetch(pageUrl, { headers: HEADERS, signal: AbortSignal.timeout(30_000) });
  const html = await res.text();
  if (!res.ok) throw new Error(`GET ${pageUrl} -> ${res.status}`);

  const scripts = new Set();
  const nomodule = new Set(); // legacy polyfills: browsers with module support never fetch them
  const inline = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = parseAttrs(m[1]);
    if ('src' in attrs) {
      const href = sameOriginNext(attrs.src, pageUrl);
      if (href) ('nomodule' in attrs ? nomodule : scripts).add(href);
    } else if (m[2].length > 0) {
      inline.push(m[2]);
    }
  }
  const styles = new Set();
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const attrs = parseAttrs(m[1]);
    if ((attrs.rel ?? '').toLowerCase().split(/\s+/).includes('stylesheet') && attrs.href) {
      const u = new URL(attrs.href, pageUrl);
      if (u.origin === new URL(pageUrl).origin) styles.add(u.href);
    }
  }

  const sum = async (urls) => {
    const sizes = await Promise.all([...urls].map(assetGzip));
    return {
      count: sizes.length,
      raw: sizes.reduce((a, s) => a + s.raw, 0),
      gzip: sizes.reduce((a, s) => a + s.gzip, 0),
    };
  };
  const inlineBuf = Buffer.from(inline.join('\n'));
  return {
    route,
    html: { raw: Buffer.byteLength(html), gzip: gz(Buffer.from(html)) },
    js: await sum([...scripts].filter((u) => !nomodule.has(u))),
    nomodule: await sum(nomodule),
    inline: { count: inline.length, raw: inlineBuf.length, gzip: inline.length ? gz(inlineBuf) : 0 },
    css: await sum(styles),
  };
}

async function load(url, label) {
  const opts = { url, connections: CONNECTIONS, headers: HEADERS };
  await autocannon({ ...opts, duration: WARMUP_S });
  const r = await autocannon({ ...opts, duration: DURATION_S });
  // autocannon counts a timeout (10 s) as an error too: r.timeouts is a subset of r.errors.
  if (r.non2xx + r.errors > 0) {
    log(
      `${label}: ${r.non2xx} non-2xx, ${r.errors} errors (${r.timeouts} timeouts), ${r.requests.total} responses`,
    );
  }
  return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

// ---------------------------------------------------------------------------------------------
// Builds

async function buildApp() {
  const have =
    fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID')) &&
    fs.existsSync(path.join(ROOT, 'dist', 'server.js'));
  if (have && !REBUILD) {
    log('app: using existing build (.next/BUILD_ID, dist/server.js); pass --rebuild to rebuild');
    return;
  }
  const logFile = path.join(TMP, 'app-build.log');
  log(`app: npm run build (log: ${path.relative(ROOT, logFile)}) ...`);
  const t = Date.now();
  await run('npm run build', 'npm', ['run', 'build'], {
    logFile,
    env: { NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  });
  log(`app: built in ${((Date.now() - t) / 1000).toFixed(0)} s`);
}

const BASELINE_FILES = {
  'package.json': `${JSON.stringify({ name: 'bench-baseline', private: true, scripts: {} }, null, 2)}\n`,
  'app/layout.tsx': `export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
  'app/page.tsx': `export default function Page() {
  return <p>Hello</p>;
}
`,
  // Next looks for next.config.* upwards from the project directory, and Turbopack looks for proxy.ts /
  // instrumentation.ts upwards up to its root: without this config the baseline would load the app's
  // next.config.ts and bundle the app's proxy.ts. turbopack.root must hold node_modules (see buildBaseline).
  'next.config.mjs': `export default { turbopack: { root: ${JSON.stringify(BASELINE_DIR)} } };\n`,
  'tsconfig.json': `${JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2017',
        lib: ['dom', 'dom.iterable', 'esnext'],
        strict: true,
        skipLibCheck: true,
        noEmit: true,
        module: 'esnext',
        moduleResolution: 'bundler',
        resolveJsonModule: true,
        isolatedModules: true,
        esModuleInterop: true,
        jsx: 'react-jsx',
        incremental: false,
        plugins: [{ name: 'next' }],
      },
      include: ['next-env.d.ts', '**/*.ts', '**/*.tsx', '.next/types/**/*.ts'],
      exclude: ['node_modules'],
    },
    null,
    2,
  )}\n`,
};

async function buildBaseline() {
  const stamp = path.join(BASELINE_DIR, '.bench-next-version');
  const built =
    fs.existsSync(path.join(BASELINE_DIR, '.next', 'BUILD_ID')) &&
    fs.existsSync(BASELINE_NEXT_BIN) &&
    fs.existsSync(stamp) &&
    fs.readFileSync(stamp, 'utf8').trim() === NEXT_VERSION;
  if (built) {
    log(`baseline: using existing build of next ${NEXT_VERSION}`);
    return;
  }
  fs.rmSync(BASELINE_DIR, { recursive: true, force: true });
  for (const [file, text] of Object.entries(BASELINE_FILES)) {
    fs.mkdirSync(path.dirname(path.join(BASELINE_DIR, file)), { recursive: true });
    fs.writeFileSync(path.join(BASELINE_DIR, file), text);
  }
  // node_modules: a hard-linked copy of the app's (cp -al: no install, no extra disk, < 1 s) rather than a
  // symlink, because Turbopack refuses files whose real path is outside turbopack.root, and a root above
  // the baseline would pull in the app's proxy.ts. Falls back to a symlink (+ no-op proxy) if hard links fail.
  const modules = fs.realpathSync(path.join(ROOT, 'node_modules'));
  const copy = spawnSync('cp', ['-al', modules, path.join(BASELINE_DIR, 'node_modules')], {
    encoding: 'utf8',
  });
  if (copy.status !== 0) {
    log(`baseline: cp -al failed (${copy.stderr.trim()}), using a symlink and a no-op proxy.ts instead`);
    fs.rmSync(path.join(BASELINE_DIR, 'node_modules'), { recursive: true, force: true });
    fs.symlinkSync(modules, path.join(BASELINE_DIR, 'node_modules'), 'dir');
    fs.writeFileSync(path.join(BASELINE_DIR, 'next.config.mjs'), 'export default {};\n');
    fs.writeFileSync(
      path.join(BASELINE_DIR, 'proxy.ts'),
      "import { NextResponse } from 'next/server';\nexport function proxy() {\n  return NextResponse.next();\n}\nexport const config = { matcher: [] };\n",
    );
  }
  const logFile = path.join(TMP, 'baseline-build.log');
  log(
    `baseline: next ${NEXT_VERSION} build in ${path.relative(ROOT, BASELINE_DIR)} (log: ${path.relative(ROOT, logFile)}) ...`,
  );
  const t = Date.now();
  await run('baseline next build', process.execPath, [BASELINE_NEXT_BIN, 'build'], {
    cwd: BASELINE_DIR,
    logFile,
    env: { NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  });
  fs.writeFileSync(stamp, `${NEXT_VERSION}\n`);
  log(`baseline: built in ${((Date.now() - t) / 1000).toFixed(0)} s`);
}

// ---------------------------------------------------------------------------------------------
// Measurements

async function measureBaseline() {
  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  const child = start(
    'baseline next start',
    process.execPath,
    [BASELINE_NEXT_BIN, 'start', '-p', String(port), '-H', HOST],
    {
      cwd: BASELINE_DIR,
      logFile: path.join(TMP, 'baseline.log'),
      env: { NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    },
  );
  try {
    await waitForHttp(child, `${origin}/`, 60_000);
    return await measurePage(origin, '/');
  } finally {
    await stop(child);
  }
}

const BARE_SERVER = `
const http = require('node:http');
const body = JSON.stringify({ ok: true, server: 'bare node:http' });
http
  .createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  })
  .listen(Number(process.env.PORT), process.env.HOST, () => console.log('bare ready'));
`;

async function measureBare() {
  const port = await freePort();
  const url = `http://${HOST}:${port}/`;
  const child = start('bare node:http', process.execPath, ['-e', BARE_SERVER], {
    logFile: path.join(TMP, 'bare.log'),
    env: { PORT: String(port), HOST },
  });
  try {
    await waitForHttp(child, url, 15_000);
    log(`load: bare node:http (${WARMUP_S} s warm-up + ${DURATION_S} s) ...`);
    return await load(url, 'bare');
  } finally {
    await stop(child);
  }
}

async function measureApp() {
  const port = await freePort();
  const origin = `http://${HOST}:${port}`;
  const dataDir = fs.mkdtempSync(path.join(TMP, 'data-'));
  tempDirs.add(dataDir);
  const child = start('app (dist/server.js)', process.execPath, ['dist/server.js'], {
    logFile: path.join(TMP, 'app.log'),
    env: {
      PORT: String(port),
      HOST,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
    },
  });
  try {
    log(`app: starting on ${origin} with DATA_DIR ${path.relative(ROOT, dataDir)} ...`);
    const ms = await waitForHttp(child, `${origin}/api/settings.php`, 180_000);
    log(`app: answered after ${(ms / 1000).toFixed(1)} s`);

    const pages = {};
    for (const route of ROUTES) pages[route] = await measurePage(origin, route);

    const loadavg = os.loadavg()[0];
    const bare = await measureBare();
    log(`load: GET /api/settings.php (${WARMUP_S} s warm-up + ${DURATION_S} s) ...`);
    const settings = await load(`${origin}/api/settings.php`, '/api/settings.php');
    log(`load: GET / (${WARMUP_S} s warm-up + ${DURATION_S} s) ...`);
    const home = await load(`${origin}/`, '/');
    return { pages, bare, settings, home, loadavg };
  } finally {
    await stop(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
    tempDirs.delete(dataDir);
  }
}

// ---------------------------------------------------------------------------------------------
// Report

const kB = (b) => `${(b / 1000).toFixed(1)} kB`;
const num = (n) => Math.round(n).toLocaleString('en-US');

function table(rows) {
  const head = ['Figure', 'Value', 'Target', 'Result'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells) =>
    cells
      .map((c, i) => (c ?? '').padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function report({ baseline, app, memberPages }) {
  if (!app) return memberPagesReport(memberPages);
  const jsTarget = baseline.js.gzip + JS_BUDGET_OVER_BASELINE;
  const verdict = (ok) => (ok ? 'PASS' : 'MISS');
  const jsRow = (label, p) => [
    `First-load JS gzip ${label}`,
    `${kB(p.js.gzip)} (${p.js.count} chunks, ${p.js.gzip >= baseline.js.gzip ? '+' : '-'}${kB(Math.abs(p.js.gzip - baseline.js.gzip))} vs baseline)`,
    `<= ${kB(jsTarget)}`,
    verdict(p.js.gzip <= jsTarget),
  ];
  const inlineRow = (label, p) => [
    `  RSC payload (inline <script>) ${label}`,
    `${kB(p.inline.gzip)} (${p.inline.count} scripts, ${kB(p.inline.raw)} raw)`,
    '-',
    'info',
  ];
  const largest = ROUTES.map((r) => app.pages[r]).reduce((a, b) => (b.js.gzip > a.js.gzip ? b : a));
  const home = app.pages['/'];
  const terms = app.pages['/pages/terms'];
  const ratio = app.settings.rps / app.bare.rps;
  const loadRow = (label, r) => [
    `req/s ${label}`,
    `${num(r.rps)} req/s, p99 ${r.p99} ms${r.non2xx || r.errors ? ` (${r.non2xx} non-2xx, ${r.errors} errors)` : ''}`,
    '-',
    'info',
  ];

  const rows = [
    [
      `Baseline first-load JS gzip (empty app, next ${NEXT_VERSION})`,
      `${kB(baseline.js.gzip)} (${baseline.js.count} chunks)`,
      '-',
      'info',
    ],
    inlineRow('baseline /', baseline),
    jsRow('/', home),
    inlineRow('/', home),
    jsRow('/pages/terms', terms),
    inlineRow('/pages/terms', terms),
    ...ROUTES.filter((r) => r !== '/' && r !== '/pages/terms').map((r) => [
      ...jsRow(r, app.pages[r]).slice(0, 2),
      '-',
      'info',
    ]),
    jsRow(`largest route (${largest.route})`, largest),
    inlineRow(largest.route, largest),
    [
      '  nomodule polyfills (not counted above)',
      `${kB(home.nomodule.gzip)} on / (${home.nomodule.count} files), baseline ${kB(baseline.nomodule.gzip)}`,
      '-',
      'info',
    ],
    [
      `CSS gzip / (stylesheets)`,
      `${kB(home.css.gzip)} (${home.css.count} files, ${kB(home.css.raw)} raw)`,
      `<= ${kB(CSS_BUDGET)}`,
      verdict(home.css.gzip <= CSS_BUDGET),
    ],
    loadRow('bare node:http (reference)', app.bare),
    loadRow('GET /api/settings.php', app.settings),
    loadRow('GET /', app.home),
    [
      'settings.php req/s vs bare node:http (one shot each)',
      `${(ratio * 100).toFixed(1)}%`,
      'bench:api',
      'info',
    ],
    ...(memberPages ? memberPageRows(memberPages) : []),
  ];
  const misses = rows.filter((r) => r[3] === 'MISS').length;
  const passes = rows.filter((r) => r[3] === 'PASS').length;
  return [
    '',
    `Page benchmark — next ${NEXT_VERSION}, node ${process.version}, ${new Date().toISOString()}`,
    `kB = 1000 bytes; gzip = zlib level 9 per file; first-load JS = same-origin /_next/ <script src> (nomodule excluded);`,
    `RSC payload = inline <script> bodies, gzip of their concatenation; load = ${CONNECTIONS} connections, ${DURATION_S} s after ${WARMUP_S} s warm-up, 127.0.0.1`,
    `1-min load average before the load tests: ${app.loadavg.toFixed(2)} on ${os.availableParallelism()} cores${
      app.loadavg > os.availableParallelism() ? ' (other work was running: req/s figures are noisy)' : ''
    }`,
    ...(memberPages ? [memberPagesLine(memberPages)] : []),
    '',
    table(rows),
    '',
    `${passes} PASS, ${misses} MISS`,
    '',
  ].join('\n');
}

function memberPagesLine(m) {
  return `member pages: PostgreSQL ${m.database} (${m.members.toLocaleString('en-US')} members${
    m.seeded.added ? `, ${m.seeded.added} seeded now` : ''
  }), server processes ${m.processes}, ${m.connections} connections, ${m.durationS} s per route, load average before ${m.loadavg.toFixed(2)}`;
}

function memberPagesReport(m) {
  const rows = memberPageRows(m);
  return [
    '',
    `Member page rendering — next ${NEXT_VERSION}, node ${process.version}, ${new Date().toISOString()}`,
    memberPagesLine(m),
    '',
    table(rows),
    '',
    `${rows.filter((r) => r[3] === 'PASS').length} PASS, ${rows.filter((r) => r[3] === 'MISS').length} MISS`,
    '',
  ].join('\n');
}

async function main() {
  fs.mkdirSync(TMP, { recursive: true });
  await buildApp();
  let baseline;
  let app;
  if (ONLY !== 'members') {
    await buildBaseline();
    log('baseline: measuring ...');
    baseline = await measureBaseline();
    app = await measureApp();
  }
  const memberPages = ONLY === 'weights' ? undefined : await measureMemberPages({ workDir: TMP });
  process.stdout.write(report({ baseline, app, memberPages }));
}

try {
  await main();
} catch (error) {
  if (isStopping()) await new Promise(() => {}); // a signal is stopping everything; its handler exits
  log(`failed: ${error instanceof Error ? error.message : error}`);
  await stopAll();
  process.exit(1);
}
await stopAll();
process.exit(0);
