import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// E2E_PORT moves both servers (app on it, mocked on the next), so two runs can share a machine.
const APP_PORT = Number(process.env.E2E_PORT ?? 3201);
const MOCKED_PORT = APP_PORT + 1;
// Two app instances on one PostgreSQL and one Redis (E2E_DATABASE_URL only), on the two ports from
// E2E_INSTANCES_PORT (E2E_PORT + 10 by default).
const INSTANCES_PORT = Number(process.env.E2E_INSTANCES_PORT ?? APP_PORT + 10);
// E2E_FLOWS=smoke runs only the smoke set of the real app's flows: the two README commands' path on the
// embedded database (CI runs every flow on PostgreSQL and this set on PGlite; the database-specific
// behaviour is covered by the server tests on both engines).
const SMOKE_FLOWS = [
  'app/home.spec.ts',
  'app/shell.spec.ts',
  'app/accounts.spec.ts',
  'app/profile.spec.ts',
  'app/chat.spec.ts',
  'app/likes.spec.ts',
  'app/payments.spec.ts',
];
const appFlows = process.env.E2E_FLOWS === 'smoke' ? SMOKE_FLOWS : 'app/**/*.spec.ts';
const systemChromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const launchOptions = fs.existsSync(systemChromium)
  ? {
      executablePath: systemChromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // The verification selfie: a fake camera (a test picture) that the page may use without asking.
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
      ],
    }
  : {};

/** The projects named with --project on the command line (none: every project). */
const chosenProjects = process.argv.flatMap((arg, index, all) =>
  arg === '--project' ? [all[index + 1] ?? ''] : arg.startsWith('--project=') ? [arg.slice(10)] : [],
);
/** Whether a project runs: its server is started only then. */
const runs = (project: string) => chosenProjects.length === 0 || chosenProjects.includes(project);
const withInstances = Boolean(process.env.E2E_DATABASE_URL) && runs('instances');

export default defineConfig({
  testDir: 'e2e',
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  fullyParallel: true,
  // A shared 2-core machine can run several times slower than usual for minutes at a time: the
  // budgets leave room for that, so a slow moment is not taken for a broken flow.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    locale: 'en-GB',
    launchOptions,
    // Recording a trace costs every test a third of its processor time; CI keeps no artefacts, so it
    // records none. Elsewhere a failed flow leaves its trace in test-results/.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
  projects: [
    { name: 'app', testMatch: appFlows, use: { baseURL: `http://localhost:${APP_PORT}` } },
    { name: 'mocked', testMatch: 'mocked/**/*.spec.ts', use: { baseURL: `http://localhost:${MOCKED_PORT}` } },
    ...(withInstances
      ? [
          {
            name: 'instances',
            testMatch: 'instances/**/*.spec.ts',
            use: { baseURL: `http://localhost:${INSTANCES_PORT}` },
          },
        ]
      : []),
  ],
  webServer: [
    ...(withInstances
      ? [
          {
            command: `node scripts/e2e-server.mjs instances ${INSTANCES_PORT} --instances 2`,
            url: `http://127.0.0.1:${INSTANCES_PORT + 1}/api/settings.php`,
            timeout: 240_000,
            reuseExistingServer: false,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
          },
        ]
      : []),
    ...(runs('app')
      ? [
          {
            command: `node scripts/e2e-server.mjs app ${APP_PORT}`,
            url: `http://127.0.0.1:${APP_PORT}/api/settings.php`,
            timeout: 240_000,
            reuseExistingServer: false,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
          },
        ]
      : []),
    ...(runs('mocked')
      ? [
          {
            command: `node scripts/e2e-server.mjs mocked ${MOCKED_PORT} --mocked`,
            url: `http://127.0.0.1:${MOCKED_PORT}/api/settings.php`,
            timeout: 240_000,
            reuseExistingServer: false,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
          },
        ]
      : []),
  ],
});
