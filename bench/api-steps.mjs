#!/usr/bin/env node
// Where the time of one GET /api/settings.php goes, step by step, measured in process (no sockets):
// each step of the request path run alone many times, then the whole Hono pipeline, then bare Hono
// apps with one piece added at a time. Complements bench/api.mjs (which measures over HTTP, so it
// includes the node adapter) and bench/cpu-profile-summary.mjs. Run: node bench/api-steps.mjs
// A report, not a test.
import fs from 'node:fs';
import path from 'node:path';
import { bundle, log, ROOT, run, tempDirs } from './lib.mjs';

const ENTRY = `
import { Hono } from 'hono';
import { OpenAPIHono, createRoute } from '@hono/zod-openapi';
import { getCookie } from 'hono/cookie';
import { createApiApp } from '@/lib/server/api/app';
import { requestContext } from '@/lib/server/api/middleware/request-context';
import { prepareDatabase } from '@/lib/server/boot';
import { closeDatabase } from '@/lib/server/db/client';
import { findSessionUser } from '@/lib/server/auth/sessions';
import { getDomainLanguage, getSettings } from '@/lib/server/settings/get-settings';
import { resolveLocale } from '@/lib/shared/locales';
import { SettingsQuerySchema, SettingsSchema } from '@/lib/shared/schemas/settings';

await prepareDatabase();
const HOST = '127.0.0.1:3000';
const headers = { host: HOST, 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' };
const settings = await getSettings({ host: HOST, locale: 'de' });
const url = 'http://' + HOST + '/api/settings.php';

async function time(name, fn, iterations) {
  for (let i = 0; i < Math.min(2000, iterations); i += 1) await fn();
  const started = process.hrtime.bigint();
  for (let i = 0; i < iterations; i += 1) await fn();
  const us = Number(process.hrtime.bigint() - started) / 1000 / iterations;
  console.log(JSON.stringify({ name, us }));
}
const fetchText = (app, path = '/api/settings.php') => async () => {
  const res = await app.fetch(new Request('http://' + HOST + path, { headers }));
  await res.text();
};

const api = createApiApp();
const bareHono = new Hono().get('/api/settings.php', (c) => c.json(settings));
const withContext = new Hono().use('*', requestContext).get('/api/settings.php', (c) => c.json(settings));
const openapi = new OpenAPIHono();
openapi.openapi(
  createRoute({
    method: 'get',
    path: '/api/settings.php',
    request: { query: SettingsQuerySchema },
    responses: { 200: { description: 'x', content: { 'application/json': { schema: SettingsSchema } } } },
  }),
  (c) => c.json(settings, 200),
);
const fakeContext = { req: { raw: new Request(url, { headers }), header: (n) => headers[n] } };

const N = 20000;
await time('whole API app (app.fetch, all middleware, settings route)', fetchText(api), N);
await time('bare Hono: route + c.json', fetchText(bareHono), N);
await time('bare Hono + requestContext middleware', fetchText(withContext), N);
await time('OpenAPIHono route with query validation + c.json', fetchText(openapi), N);
await time('new Request + res.text() alone', async () => {
  await new Response(JSON.stringify(settings)).text();
  new Request(url, { headers });
}, N);
await time('getCookie (no cookies)', () => getCookie(fakeContext, 'NEXT_LOCALE'), N * 5);
await time('getDomainLanguage (cached site)', () => getDomainLanguage(HOST), N * 5);
await time('resolveLocale (Accept-Language)', () => resolveLocale({ cookie: undefined, domainLanguage: null, acceptLanguage: headers['accept-language'] }), N * 5);
await time('getSettings (cache hit)', () => getSettings({ host: HOST, locale: 'de' }), N * 5);
await time('SettingsQuerySchema.safeParse({})', () => SettingsQuerySchema.safeParse({}), N * 5);
await time('JSON.stringify(settings)', () => JSON.stringify(settings), N * 5);
await time('SettingsSchema.parse(settings) (what response validation would cost)', () => SettingsSchema.parse(settings), N);
await time('findSessionUser (unknown token: one PGlite query)', () => findSessionUser({ token: 'x'.repeat(43) }), 2000);
await closeDatabase();
process.exit(0);
`;

async function main() {
  fs.mkdirSync(path.join(ROOT, '.tmp/bench-api'), { recursive: true });
  await bundle('bench-api-steps', ENTRY);
  const dataDir = fs.mkdtempSync(path.join(ROOT, '.tmp', 'bench-steps-data-'));
  tempDirs.add(dataDir);
  const logFile = path.join(ROOT, '.tmp/bench-api/steps.log');
  log('timing the steps of GET /api/settings.php in process…');
  await run('steps', process.execPath, ['dist/bench-api-steps.js'], {
    env: { NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '' },
    logFile,
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
  const rows = fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{"name"'))
    .map((l) => JSON.parse(l));
  console.log(`\nSteps of GET /api/settings.php, in process, node ${process.version}\n`);
  for (const { name, us } of rows) {
    console.log(
      `${name.padEnd(72)} ${us.toFixed(2).padStart(9)} µs  ${(1e6 / us).toFixed(0).padStart(9)} /s`,
    );
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
