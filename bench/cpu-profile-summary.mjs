#!/usr/bin/env node
// Summarises a V8 .cpuprofile (node --cpu-prof, e.g. from `node bench/api.mjs --profile`): the
// functions with the most self time, and the total (self + callees) time of functions whose name or
// file matches --match. A report for finding where request time goes, not a test.
//
//   node bench/cpu-profile-summary.mjs .tmp/bench-api/CPU.*.cpuprofile [--top 40] [--match hono,zod]
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '40' }, match: { type: 'string', default: '' } },
});
const file = positionals[0];
if (!file) {
  console.error('usage: node bench/cpu-profile-summary.mjs <file.cpuprofile> [--top N] [--match a,b]');
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Sample counts weighted by their time deltas.
const selfUs = new Map();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const totalUs = [...selfUs.values()].reduce((a, b) => a + b, 0);

const label = (n) => {
  const { functionName, url, lineNumber } = n.callFrame;
  const where = url ? `${path.basename(url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : '';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  return `${functionName || '(anonymous)'} ${pkg ? `[${pkg}] ` : ''}${where}`.trim();
};

const bySelf = new Map();
for (const [id, us] of selfUs) {
  const key = label(nodes.get(id));
  bySelf.set(key, (bySelf.get(key) ?? 0) + us);
}
const pct = (us) => `${((us / totalUs) * 100).toFixed(1).padStart(5)}%`;
console.log(`${file}: ${(totalUs / 1e6).toFixed(1)} s sampled\n\nTop self time:`);
for (const [key, us] of [...bySelf].sort((a, b) => b[1] - a[1]).slice(0, Number(args.top))) {
  console.log(`${pct(us)}  ${key}`);
}

// Self time per package (node_modules/<pkg>), the app's own code, node internals and GC/idle.
const byPkg = new Map();
for (const [id, us] of selfUs) {
  const { url, functionName } = nodes.get(id).callFrame;
  const key =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
    (url.startsWith('node:') ? 'node internals' : url ? 'app code (dist bundle)' : `(${functionName})`);
  byPkg.set(key, (byPkg.get(key) ?? 0) + us);
}
console.log('\nSelf time by package:');
for (const [key, us] of [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, 20))
  console.log(`${pct(us)}  ${key}`);

// Inclusive time of matching functions (counted once per sample even when recursive).
if (args.match) {
  const patterns = args.match.split(',').filter(Boolean);
  const inclusive = new Map();
  profile.samples.forEach((leaf, i) => {
    const seen = new Set();
    for (let id = leaf; id !== undefined; id = parent.get(id)) {
      const key = label(nodes.get(id));
      if (!seen.has(key) && patterns.some((p) => key.includes(p))) {
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
      }
    }
  });
  console.log(`\nInclusive time of functions matching ${patterns.join(', ')}:`);
  for (const [key, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, Number(args.top))) {
    console.log(`${pct(us)}  ${key}`);
  }
}
