// `npm test`: the whole suite. Lint, types, unit and integration tests (PGlite, or PostgreSQL when
// TEST_DATABASE_URL is set), a production build, then the browser flows against it. Prints one
// closing line: "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { isBuildStale } from './build-state.mjs';

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
if (process.env.TEST_DATABASE_URL) env.E2E_DATABASE_URL = process.env.TEST_DATABASE_URL;
fs.mkdirSync('.tmp', { recursive: true });

let passed = 0;
let failed = 0;
const step = (title, command, args) => {
  console.log(`\n=== ${title}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  return result.status === 0;
};
const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

const checks = [
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['typecheck', 'npx', ['tsc', '--noEmit']],
];
for (const [title, command, args] of checks) {
  if (step(title, command, args)) passed += 1;
  else failed += 1;
}

fs.rmSync('.tmp/vitest.json', { force: true });
const unitOk = step('unit and integration tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=.tmp/vitest.json',
]);
const vitest = readJson('.tmp/vitest.json');
passed += vitest?.numPassedTests ?? 0;
failed += vitest ? vitest.numFailedTests : 1;
if (!unitOk && vitest && vitest.numFailedTests === 0) failed += 1;

let buildOk = true;
if (isBuildStale()) buildOk = step('production build', 'npm', ['run', 'build']);
if (!buildOk) failed += 1;
else {
  fs.rmSync('.tmp/playwright.json', { force: true });
  const e2eOk = step('browser flows', 'npx', ['playwright', 'test']);
  const stats = readJson('.tmp/playwright.json')?.stats;
  passed += stats?.expected ?? 0;
  failed += stats ? stats.unexpected + stats.flaky : 1;
  if (!e2eOk && stats && stats.unexpected === 0) failed += 1;
}

console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
