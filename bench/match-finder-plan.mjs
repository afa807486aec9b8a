#!/usr/bin/env node
// Match-finder query plans: EXPLAIN (ANALYZE, BUFFERS) and timings (p50, p95 of repeated runs) of
// the statement the app runs for a few typical answers, built by the app's own query builder
// (buildMatchQuery), against an existing PostgreSQL database of members. A report, not a test.
//
//   BENCH_DATABASE_URL=postgres://…/lovelane_bench node bench/match-finder-plan.mjs [--runs 50] [--viewer ID]
//
// The viewer is a member with a town on the map (the most recently active one, unless --viewer).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bundle, log, ROOT } from './lib.mjs';

const { values: args } = parseArgs({
  options: { runs: { type: 'string', default: '50' }, viewer: { type: 'string', default: '' } },
});
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/lovelane_bench';

const PLAN = `
import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { openPostgres } from '@/lib/server/db/client';
import { profiles, profileInterests } from '@/lib/server/db/schema/members';
import { buildMatchQuery, MATCH_WALK_LIMIT } from '@/lib/server/members/match-finder';
import { soughtGender } from '@/lib/server/members/default-filters';
const [url, runs, viewerArg] = process.argv.slice(2);
const handle = await openPostgres(url, 1);
const client = handle.db.$client;
const dialect = new PgDialect();
try {
  const found = await handle.db.execute(viewerArg
    ? sql\`select user_id, gender, sexuality, country, lat, lon from profiles where user_id = \${Number(viewerArg)}\`
    : sql\`select user_id, gender, sexuality, country, lat, lon from profiles
        where status = 'active' and not invisible and lat is not null
        order by last_active_at desc nulls last, user_id desc nulls last limit 1\`);
  const viewer = found.rows[0];
  if (!viewer) throw new Error('no viewer with a town on the map');
  const own = (await handle.db.select({ id: profileInterests.interestId }).from(profileInterests)
    .where(eq(profileInterests.userId, viewer.user_id))).map((r) => r.id);
  const gender = soughtGender(viewer.gender, viewer.sexuality) ?? 'both';
  const point = { lat: viewer.lat, lon: viewer.lon };
  const country = viewer.country.trim();
  const cases = [
    ['sought gender, 25-40, 50 km, own interests', { gender, age_min: 25, age_max: 40, distance: '50', interests: own }, { kind: 'around', ...point, km: 50, country }],
    ['sought gender, 18-99, 10 km', { gender, age_min: 18, age_max: 99, distance: '10', interests: own }, { kind: 'around', ...point, km: 10, country }],
    ['both, 30-45, 100 km', { gender: 'both', age_min: 30, age_max: 45, distance: '100', interests: own }, { kind: 'around', ...point, km: 100, country }],
    ['sought gender, 25-40, anywhere', { gender, age_min: 25, age_max: 40, distance: 'anywhere', interests: own }, { kind: 'everywhere' }],
    ['signup matches (own country)', { gender, age_min: 26, age_max: 42, distance: '50', interests: [] }, { kind: 'country', country }],
  ];
  const out = [];
  for (const [label, answers, area] of cases) {
    const q = dialect.sqlToQuery(buildMatchQuery({ viewerId: viewer.user_id, answers, area, viewerPoint: point, now: new Date(), limit: 24 }));
    const times = [];
    for (let i = 0; i < Number(runs); i += 1) {
      const started = performance.now();
      await client.query(q.sql, q.params);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const pct = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
    const plan = (await client.query('EXPLAIN (ANALYZE, BUFFERS) ' + q.sql, q.params)).rows.map((r) => r['QUERY PLAN']);
    out.push({ label, p50: pct(0.5), p95: pct(0.95), seqScan: plan.some((l) => /Seq Scan on (profiles|profile_interests|blocks)/.test(l)), plan });
  }
  console.log(JSON.stringify({ viewer: viewer.user_id, walkLimit: MATCH_WALK_LIMIT, cases: out }));
} finally {
  await handle.close();
}
`;

await bundle('bench-match-finder-plan', PLAN);
const report = JSON.parse(
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'dist/bench-match-finder-plan.js'), url, args.runs, args.viewer],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  ),
);
log(`viewer ${report.viewer}, at most ${report.walkLimit} index entries walked per list`);
for (const c of report.cases) {
  console.log(
    `\n## ${c.label}: p50 ${c.p50.toFixed(1)} ms, p95 ${c.p95.toFixed(1)} ms, sequential scan: ${c.seqScan ? 'YES' : 'no'}`,
  );
  console.log(c.plan.join('\n'));
}
