import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': path.resolve(import.meta.dirname),
  'server-only': path.resolve(import.meta.dirname, 'tests/setup/empty-module.ts'),
};

/** Server test files that replace modules (`vi.mock`): they get modules of their own. */
const MOCKING_FILES = ['tests/server/payments-atomic.test.ts', 'tests/server/chat-media.test.ts'];

const serverTests = {
  environment: 'node' as const,
  globalSetup: ['tests/setup/database-global.ts'],
  setupFiles: ['tests/setup/process-env.ts', 'tests/setup/page-services.ts', 'tests/setup/redis.ts'],
  // Test clients call from http://lovelane.test, the site's address (APP_URL) in tests.
  env: { APP_URL: 'http://lovelane.test' },
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Two workers also on two cores: the server tests wait on the database much of the time.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    reporters: process.env.CI ? ['default'] : ['default'],
    projects: [
      {
        resolve: { alias },
        test: {
          ...serverTests,
          name: 'node',
          include: ['tests/**/*.test.ts'],
          exclude: MOCKING_FILES,
          // The files share their worker's loaded modules: loading the server's modules for every file
          // took half of the run. Each file still gets its own database, a reset of the process-wide
          // state (tests/helpers/database.ts) and the first file's environment (setup/process-env.ts).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: { ...serverTests, name: 'node-isolated', include: MOCKING_FILES },
      },
      {
        resolve: { alias },
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/**/*.test.tsx'],
          setupFiles: ['tests/setup/dom.ts'],
          // A form filled key by key takes seconds on a busy 2-core machine: room for that, not a
          // sleep (a broken form still fails, at the timeout).
          testTimeout: 15_000,
        },
      },
    ],
  },
});
