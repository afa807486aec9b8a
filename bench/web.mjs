#!/usr/bin/env node
// Web benchmark (npm run bench:web): what a member's browser gets, on the built app with demo data.
//  - Lighthouse, mobile preset: performance, accessibility, layout shift (CLS) and LCP on /, /members
//    and /members/{id}; each page is measured RUNS times and the best run is reported (scores swing on
//    a shared machine).
//  - JavaScript and CSS a phone downloads on a first visit per page (gzip, as sent; cold cache, until
//    5 s after the load event, prefetches included).
//  The figures with targets are printed as one table with PASS or MISS per row.
//  - axe-core: serious and critical violations on every route, logged out and logged in, both themes.
//  - Landers and member landings (the pages paid traffic lands on): first-load JavaScript and
//    Lighthouse on the mobile preset, against their own, stricter targets; Lighthouse reaches them
//    through an HTTPS front with HTTP/2, as a deployment serves them (bench/https-front.mjs).
// BENCH_WEB_ONLY=load,lighthouse,axe,landers picks parts; BENCH_WEB_RUNS sets the Lighthouse runs per page;
// BENCH_WEB_LANDERS=/landers/gallery,/landing2 measures only the landers named (by start or end);
// BENCH_WEB_FRONT=0 measures landers on the app's own HTTP/1.1.
// Uses BASE_URL when given (an app with the demo data loaded); otherwise starts the build on a fresh
// embedded database with demo data. A report, not a test: exits 0 unless it cannot run.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startHttpsFront } from './https-front.mjs';
import { freePort, HOST, log, ROOT, run, start, stopAll, tempDirs, waitForHttp } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
// BENCH_WEB_ONLY=load,lighthouse,axe,landers runs only those parts (all by default).
const ONLY = (process.env.BENCH_WEB_ONLY ?? 'load,lighthouse,axe,landers').split(',');
const DEMO = { email: 'demo@lovelane.example', password: 'lovelane-demo-2025' };
// The page targets (kB of gzip JavaScript a phone downloads on a first visit; Lighthouse's mobile
// preset, best of RUNS; layout shift of a logged-in member's /members on a phone).
const TARGETS = {
  homePerformance: 95,
  performance: 90,
  accessibility: 100,
  cls: 0.1,
  membersCls: 0.05,
  lcpMs: 2500,
  homeJs: 60,
  publicJs: 170,
  memberJs: 200,
  css: 25,
};
/** Landers are what each paid visitor costs money to reach: stricter targets. */
const LANDER_TARGETS = { performance: 95, lcpMs: 1500, cls: 0.05, js: 120 };
const LANDER_PATHS = [
  '/landers/tinderswipe',
  '/landers/alonetonight',
  '/landers/collagelanding',
  '/landers/gallery',
  '/landers/iconslanding',
  '/landers/maplanding',
  '/landers/socialnetwork',
  '/landers/transitionsvideolanding',
  '/landers/video',
];
const MEMBER_LANDING_PATHS = (id) => [
  `/members/${id}/signup`,
  `/members/${id}/landing`,
  `/members/${id}/landing2`,
  `/members/${id}/landing3`,
];

async function appOrigin() {
  if (process.env.BASE_URL) return process.env.BASE_URL.replace(/\/$/, '');
  if (!fs.existsSync(path.join(ROOT, 'dist/server.js')))
    throw new Error('No build: run npm run build first.');
  const dataDir = fs.mkdtempSync(path.join(ROOT, '.tmp', 'bench-web-'));
  tempDirs.add(dataDir);
  const env = { NODE_ENV: 'production', DATA_DIR: dataDir, SMTP_URL: '' };
  delete process.env.DATABASE_URL;
  log('app: loading demo data into a fresh embedded database ...');
  await run('migrate', process.execPath, ['dist/db.js', 'migrate'], {
    env,
    logFile: path.join(dataDir, 'migrate.log'),
  });
  await run('seed', process.execPath, ['dist/db.js', 'seed'], {
    env,
    logFile: path.join(dataDir, 'seed.log'),
  });
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const child = start('app', process.execPath, ['dist/server.js'], {
    env: { ...env, PORT: String(port), HOST },
    logFile: path.join(dataDir, 'server.log'),
  });
  await waitForHttp(child, `${origin}/api/settings.php`, 60_000);
  return origin;
}

async function sessionCookie(origin) {
  const res = await fetch(`${origin}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(DEMO),
  });
  if (!res.ok) throw new Error(`The demo login failed (${res.status}): is the demo data loaded?`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('auth_session='));
  return cookie?.split(';')[0] ?? '';
}

async function firstMemberId(origin, cookie) {
  const res = await fetch(`${origin}/api/members.php`, { headers: cookie ? { cookie } : {} });
  const body = await res.json();
  return body.page?.results?.[0]?.id;
}

/** How long after the load event what a page downloads still counts (prefetches, late islands). */
const AFTER_LOAD_MS = 5_000;

/**
 * JS and CSS a first visit downloads, gzip-compressed as the server would send them: a new browser
 * context (cold cache) on a phone's screen (390×844), everything fetched until AFTER_LOAD_MS after
 * the load event, prefetched routes included; scripts written into the page count too.
 */
async function firstLoad(browser, origin, pathname, cookie, { phone = false } = {}) {
  const context = await browser.newContext(
    phone
      ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 }
      : {},
  );
  const cookies = [{ name: 'site_entry_accepted', value: '1', url: origin }];
  if (cookie) cookies.push({ name: 'auth_session', value: cookie.split('=')[1], url: origin });
  await context.addCookies(cookies);
  const page = await context.newPage();
  const sizes = { js: 0, css: 0 };
  const pending = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response
        .body()
        .then((body) => {
          sizes[type === 'script' ? 'js' : 'css'] += zlib.gzipSync(body, { level: 9 }).length;
        })
        .catch(() => undefined),
    );
  });
  await page.goto(`${origin}${pathname}`, { waitUntil: 'load' });
  // The measurement's window, not a wait for something: what arrives in it is what a phone pays for.
  await page.waitForTimeout(AFTER_LOAD_MS);
  await Promise.all(pending);
  for (const text of await page.$$eval('script:not([src])', (scripts) =>
    scripts.map((s) => s.textContent ?? ''),
  ))
    sizes.js += zlib.gzipSync(text, { level: 9 }).length;
  await context.close();
  return { js: sizes.js / 1000, css: sizes.css / 1000 };
}

/**
 * One Lighthouse run (mobile preset) of `url`, with the cookies in the browser's own jar, as a
 * member's browser has them (sent only as a request header, the page's scripts would see a browser
 * without its session and the numbers would be a stranger's).
 */
async function lighthouseRun(url, cookie) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    // The HTTPS front's certificate is the run's own (bench/https-front.mjs).
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--ignore-certificate-errors'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const page = await browser.newPage();
    const cookies = [['site_entry_accepted', '1']];
    if (cookie) cookies.push(cookie.split('='));
    await browser.setCookie(...cookies.map(([name, value]) => ({ name, value, url: new URL(url).origin })));
    const result = await lighthouse(
      url,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // The cookies just set stay; the caches are still empty (a first visit).
        disableStorageReset: true,
      },
      undefined,
      page,
    );
    const { categories, audits } = result.lhr;
    return {
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      cls: audits['cumulative-layout-shift'].numericValue,
      lcpMs: audits['largest-contentful-paint'].numericValue,
    };
  } finally {
    await browser.disconnect();
    await chrome.kill();
  }
}

async function axeViolations(browser, origin, pathname, { cookie, theme }) {
  const context = await browser.newContext({ colorScheme: theme });
  const cookies = [
    { name: 'site_entry_accepted', value: '1', url: origin },
    { name: 'theme', value: theme, url: origin },
  ];
  if (cookie) cookies.push({ name: 'auth_session', value: cookie.split('=')[1], url: origin });
  await context.addCookies(cookies);
  const page = await context.newPage();
  await page.goto(`${origin}${pathname}`, { waitUntil: 'networkidle' });
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  await context.close();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.length})`);
}

const mark = (ok) => (ok ? 'PASS' : 'MISS');

try {
  const origin = await appOrigin();
  const cookie = await sessionCookie(origin);
  const memberId = await firstMemberId(origin, cookie);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });

  console.log(`\nbench:web on ${origin}\n`);
  /** Rows of the page table: figure, value, target, PASS / MISS / info. */
  const rows = [];
  const row = (figure, value, target, ok) => rows.push([figure, value, target, ok ? 'PASS' : 'MISS']);

  if (ONLY.includes('load')) {
    log('first loads on a phone ...');
    const loads = [
      ['/ (visitor)', '/', null, TARGETS.homeJs],
      ['/login (visitor)', '/login', null, TARGETS.publicJs],
      ['/members (visitor)', '/members', null, TARGETS.publicJs],
      ['/members (member)', '/members', cookie, TARGETS.memberJs],
      [`/members/${memberId} (member)`, `/members/${memberId}`, cookie, TARGETS.memberJs],
      ['/profile (member)', '/profile', cookie, TARGETS.memberJs],
    ];
    for (const [label, pathname, withCookie, jsTarget] of loads) {
      const size = await firstLoad(browser, origin, pathname, withCookie, { phone: true });
      row(
        `JS, first visit on a phone: ${label}`,
        `${size.js.toFixed(1)} kB`,
        `≤ ${jsTarget} kB`,
        size.js <= jsTarget,
      );
      row(`  CSS: ${label}`, `${size.css.toFixed(1)} kB`, `≤ ${TARGETS.css} kB`, size.css <= TARGETS.css);
    }
  }

  if (ONLY.includes('lighthouse')) {
    const pages = [
      ['/ (visitor)', '/', null, TARGETS.homePerformance, TARGETS.cls],
      ['/members (member)', '/members', cookie, TARGETS.performance, TARGETS.membersCls],
      [`/members/${memberId} (member)`, `/members/${memberId}`, cookie, TARGETS.performance, TARGETS.cls],
    ];
    for (const [label, pathname, withCookie, perfTarget, clsTarget] of pages) {
      log(`Lighthouse ${label} ...`);
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await lighthouseRun(`${origin}${pathname}`, withCookie));
      const best = runs.reduce((a, b) => (b.performance > a.performance ? b : a));
      const leastShift = Math.min(...runs.map((r) => r.cls));
      row(
        `Lighthouse mobile performance, best of ${RUNS}: ${label}`,
        `${best.performance} (runs: ${runs.map((r) => r.performance).join(', ')})`,
        `≥ ${perfTarget}`,
        best.performance >= perfTarget,
      );
      row(
        `  layout shift (CLS, phone): ${label}`,
        leastShift.toFixed(3),
        `≤ ${clsTarget}`,
        leastShift <= clsTarget,
      );
      row(
        `  LCP: ${label}`,
        `${Math.round(best.lcpMs)} ms`,
        `≤ ${TARGETS.lcpMs} ms`,
        best.lcpMs <= TARGETS.lcpMs,
      );
      row(
        `  accessibility: ${label}`,
        String(best.accessibility),
        `≥ ${TARGETS.accessibility}`,
        best.accessibility >= TARGETS.accessibility,
      );
    }
  }

  if (rows.length > 0) {
    const head = ['Figure', 'Value', 'Target', 'Result'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells) =>
      cells
        .map((c, i) => c.padEnd(widths[i]))
        .join('  ')
        .trimEnd();
    console.log(
      [
        `kB = 1000 bytes, gzip level 9 as sent; first visit = new browser context, 390×844, until ${AFTER_LOAD_MS / 1000} s after load`,
        '',
        line(head),
        widths.map((w) => '-'.repeat(w)).join('  '),
        ...rows.map(line),
        '',
        `${rows.filter((r) => r[3] === 'PASS').length} PASS, ${rows.filter((r) => r[3] === 'MISS').length} MISS`,
      ].join('\n'),
    );
  }

  if (ONLY.includes('landers')) {
    const visitorMemberId = await firstMemberId(origin, null);
    console.log(
      `\nLanders, visitor, mobile (best of ${RUNS})  JS kB   CSS kB  perf   CLS    LCP ms  (targets: JS ≤ ${LANDER_TARGETS.js}, perf ≥ ${LANDER_TARGETS.performance}, CLS ≤ ${LANDER_TARGETS.cls}, LCP ≤ ${LANDER_TARGETS.lcpMs})`,
    );
    // Lighthouse reaches landers as visitors do, through HTTPS and HTTP/2 (BENCH_WEB_FRONT=0: the
    // app's own HTTP/1.1, where each photo costs the simulated phone a connection of its own).
    const front = process.env.BENCH_WEB_FRONT === '0' ? null : await startHttpsFront(origin);
    const landerOrigin = front?.origin ?? origin;
    console.log(`  (Lighthouse through ${front ? 'an HTTPS front with HTTP/2' : 'HTTP/1.1, no front'})`);
    // BENCH_WEB_LANDERS=/landers/gallery,/landers/video measures only those (all by default).
    const only = process.env.BENCH_WEB_LANDERS?.split(',');
    const paths = [...LANDER_PATHS, ...MEMBER_LANDING_PATHS(visitorMemberId)].filter(
      (pathname) => !only || only.some((prefix) => pathname.startsWith(prefix) || pathname.endsWith(prefix)),
    );
    for (const pathname of paths) {
      const status = (await fetch(`${origin}${pathname}`, { headers: { cookie: 'site_entry_accepted=1' } }))
        .status;
      if (status !== 200) {
        console.log(`  ${pathname.padEnd(36)} answers ${status}: not measured  MISS`);
        continue;
      }
      const size = await firstLoad(browser, origin, pathname, null);
      const runs = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await lighthouseRun(`${landerOrigin}${pathname}`, null));
      const best = runs.reduce((a, b) => (b.performance > a.performance ? b : a));
      const ok =
        best.performance >= LANDER_TARGETS.performance &&
        best.lcpMs <= LANDER_TARGETS.lcpMs &&
        best.cls <= LANDER_TARGETS.cls;
      console.log(
        `  ${pathname.padEnd(36)} ${size.js.toFixed(1).padStart(6)} ${mark(size.js <= LANDER_TARGETS.js)} ${size.css.toFixed(1).padStart(6)} ${String(best.performance).padStart(5)} ${best.cls.toFixed(3).padStart(6)} ${Math.round(best.lcpMs).toString().padStart(8)}  ${mark(ok)}`,
      );
    }
    front?.stop();
  }

  if (ONLY.includes('axe')) {
    console.log('\naxe-core, serious or critical violations');
    const visitorRoutes = [
      '/',
      '/login',
      '/signup',
      '/reset-password',
      '/pages/faq',
      '/complaints',
      '/lang-config',
      '/members',
      `/members/${memberId}`,
      '/no-such-page',
    ];
    const memberRoutes = [
      '/members',
      `/members/${memberId}`,
      '/profile',
      '/settings',
      '/settings/delete',
      '/complaints',
      '/likes',
      '/likes/sent',
      '/likes/matches',
    ];
    let total = 0;
    for (const theme of ['light', 'dark']) {
      for (const [who, routes, withCookie] of [
        ['visitor', visitorRoutes, null],
        ['member', memberRoutes, cookie],
      ]) {
        for (const route of routes) {
          const found = await axeViolations(browser, origin, route, { cookie: withCookie, theme });
          total += found.length;
          if (found.length)
            console.log(`  ${theme.padEnd(5)} ${who.padEnd(7)} ${route.padEnd(20)} ${found.join(', ')}`);
        }
      }
    }
    console.log(
      `  ${total === 0 ? 'none' : `${total} kinds of violation`} on ${2 * (visitorRoutes.length + memberRoutes.length)} page views  ${mark(total === 0)}`,
    );
  }
  await browser.close();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await stopAll();
}
