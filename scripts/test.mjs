// `npm test`: the whole suite. Lint, types, unit and integration tests (PGlite, or PostgreSQL when
// TEST_DATABASE_URL is set, and then the integration tests once more with Redis), a production
// build, then the browser flows against it. Prints one closing line: "tests: N passed, N failed".
//
// The steps that do not touch a database (lint, types, component tests, the browser flows against the
// mocked API) are not run a second time on the same sources: when they all passed on exactly these
// files earlier (typically the run on the other database), their counts are carried over and said so.
// TEST_RERUN_ALL=1 runs everything anyway. E2E_FLOWS=smoke runs only the smoke set of the real app's
// browser flows (see playwright.config.ts); CI runs them all on PostgreSQL and the smoke set on PGlite.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { isBuildStale, sourceFingerprint } from './build-state.mjs';

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
if (process.env.TEST_DATABASE_URL) env.E2E_DATABASE_URL = process.env.TEST_DATABASE_URL;
fs.mkdirSync('.tmp', { recursive: true });

const readJson = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

const PASSED_FILE = '.tmp/test-passed.json';
const fingerprint = sourceFingerprint();
const earlier = readJson(PASSED_FILE);
const carried = !process.env.TEST_RERUN_ALL && earlier?.fingerprint === fingerprint ? earlier.steps : {};
const record = { fingerprint, steps: {} };
const remember = (name, count) => {
  record.steps[name] = count;
  fs.writeFileSync(PASSED_FILE, JSON.stringify(record));
};

let passed = 0;
let failed = 0;
/** What failed, with the first lines of why: repeated at the end, where a log's tail shows it. */
const failures = [];
const firstLines = (text) =>
  String(text ?? '')
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 4)
    .join(' | ')
    .slice(0, 400);
/** The failed tests of a Vitest JSON report (and files that failed without a test to blame). */
const vitestFailures = (report, label) => {
  for (const file of report?.testResults ?? []) {
    const bad = (file.assertionResults ?? []).filter((r) => r.status === 'failed');
    for (const r of bad)
      failures.push(`${label} ${file.name}: ${r.fullName} -- ${firstLines(r.failureMessages?.[0])}`);
    if (file.status === 'failed' && bad.length === 0)
      failures.push(`${label} ${file.name} -- ${firstLines(file.message)}`);
  }
};
/** Counts a Vitest step's tests (its JSON report, or one failure without it) and names what failed. */
const tallyVitest = (ok, report, label) => {
  passed += report?.numPassedTests ?? 0;
  failed += report ? report.numFailedTests : 1;
  vitestFailures(report, label);
  if (ok) return;
  if (!report) failures.push(`${label}: no report`);
  else if (report.numFailedTests === 0) {
    failed += 1;
    failures.push(`${label}: the step failed with no test failing (see its output)`);
  }
};
/** The failed and flaky tests of a Playwright JSON report. */
const playwrightFailures = (report) => {
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = (test.results ?? []).find((r) => r.error)?.error;
        failures.push(
          `flow (${test.status}) ${[...titles, spec.title].join(' > ')} [${test.projectName}] -- ${firstLines(error?.message)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report?.suites ?? []) walk(suite, [suite.title]);
};
let carriedOver = 0;
const startedAt = Date.now();
/** How long since `since`, and since the run began: where the suite's time goes. */
const took = (since) =>
  `${Math.round((Date.now() - since) / 1000)} s (${Math.round((Date.now() - startedAt) / 1000)} s into the run)`;
const step = (title, command, args, stepEnv = env) => {
  console.log(`\n=== ${title}`);
  const since = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: stepEnv });
  console.log(`=== ${title}: ${result.status === 0 ? 'passed' : 'failed'} in ${took(since)}`);
  return result.status === 0;
};
/** A database-independent step that passed on these sources: its count, and nothing run. */
const carry = (name, title) => {
  if (!(name in carried)) return false;
  console.log(`\n=== ${title}: passed on these same sources in an earlier run, not run again`);
  remember(name, carried[name]);
  passed += carried[name];
  carriedOver += carried[name];
  return true;
};

/** Runs a step with its output kept, printed in one piece when it ends (steps running side by side). */
const quietStep = (title, command, args) =>
  new Promise((resolve) => {
    const since = Date.now();
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      console.log(`\n=== ${title}`);
      process.stdout.write(Buffer.concat(output));
      console.log(`=== ${title}: ${code === 0 ? 'passed' : 'failed'} in ${took(since)}`);
      resolve(code === 0);
    });
  });

// Lint and the type check each use one core: they run side by side.
const checks = [
  ['lint', 'lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['typecheck', 'typecheck', 'npx', ['tsc', '--noEmit']],
].filter(([name, title]) => !carry(name, title));
const checked = await Promise.all(checks.map(([, title, command, args]) => quietStep(title, command, args)));
checks.forEach(([name, title], index) => {
  if (checked[index]) {
    passed += 1;
    remember(name, 1);
  } else {
    failed += 1;
    failures.push(title);
  }
});

// Component tests (the `dom` project) need no database; the `node` project does.
const domCarried = carry('dom', 'component tests');
fs.rmSync('.tmp/vitest.json', { force: true });
const unitOk = step(domCarried ? 'unit and integration tests (node)' : 'unit and integration tests', 'npx', [
  'vitest',
  'run',
  ...(domCarried ? ['--project', 'node', '--project', 'node-isolated'] : []),
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=.tmp/vitest.json',
]);
const vitest = readJson('.tmp/vitest.json');
tallyVitest(unitOk, vitest, 'unit and integration tests');
if (vitest && !domCarried) {
  const dom = (vitest.testResults ?? []).filter((file) => file.name.endsWith('.tsx'));
  const results = dom.flatMap((file) => file.assertionResults ?? []);
  const domPassed = results.filter((r) => r.status === 'passed').length;
  const domFailed =
    dom.some((file) => file.status === 'failed') || results.some((r) => r.status === 'failed');
  if (dom.length > 0 && !domFailed) remember('dom', domPassed);
}

// On PostgreSQL the server tests run once more with Redis configured, as several machines run: the
// limits, the bus between instances and the typing throttle then go through Redis (each test file
// under its own key prefix, tests/setup/redis.ts); tests of the paths without Redis say so themselves.
if (process.env.TEST_DATABASE_URL) {
  fs.rmSync('.tmp/vitest-redis.json', { force: true });
  const redisOk = step(
    'integration tests on PostgreSQL with Redis',
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'node',
      '--project',
      'node-isolated',
      'tests/server',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=.tmp/vitest-redis.json',
    ],
    { ...env, REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
  );
  const withRedis = readJson('.tmp/vitest-redis.json');
  tallyVitest(redisOk, withRedis, 'integration tests with Redis');
}

/** Per project: tests that passed, and whether any did not. */
function playwrightProjects(report) {
  const projects = {};
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const p = (projects[test.projectName] ??= { passed: 0, bad: false });
        if (test.status === 'expected') p.passed += 1;
        else if (test.status !== 'skipped') p.bad = true;
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return projects;
}

let buildOk = true;
if (isBuildStale()) buildOk = step('production build', 'npm', ['run', 'build']);
if (!buildOk) {
  failed += 1;
  failures.push('production build');
} else {
  // The flows against the mocked API need no database either.
  const mockedCarried = carry('mocked', 'browser flows against the mocked API');
  fs.rmSync('.tmp/playwright.json', { force: true });
  const smoke = process.env.E2E_FLOWS === 'smoke';
  const e2eOk = step(smoke ? 'browser flows (the smoke set of the app flows)' : 'browser flows', 'npx', [
    'playwright',
    'test',
    // On PostgreSQL the `instances` project (two app instances on one database and one Redis) runs too.
    ...(mockedCarried
      ? ['--project', 'app', ...(env.E2E_DATABASE_URL ? ['--project', 'instances'] : [])]
      : []),
  ]);
  const report = readJson('.tmp/playwright.json');
  const stats = report?.stats;
  passed += stats?.expected ?? 0;
  failed += stats ? stats.unexpected + stats.flaky : 1;
  playwrightFailures(report);
  if (!e2eOk && !stats) failures.push('browser flows: no report');
  else if (!e2eOk && stats.unexpected === 0) {
    failed += 1;
    failures.push('browser flows: the step failed with no flow failing (see its output)');
  }
  const mocked = playwrightProjects(report).mocked;
  if (!mockedCarried && mocked && !mocked.bad && mocked.passed > 0) remember('mocked', mocked.passed);
}

const note =
  carriedOver > 0 ? ` (${carriedOver} of them carried over from an earlier run on the same sources)` : '';
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `- ${f}`).join('\n')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed${note}`);
process.exit(failed === 0 ? 0 : 1);
