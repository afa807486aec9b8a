import path from 'node:path';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': path.resolve(import.meta.dirname),
  'server-only': path.resolve(import.meta.dirname, 'tests/setup/empty-module.ts'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: process.env.CI ? ['default'] : ['default'],
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          globalSetup: ['tests/setup/database-global.ts'],
          setupFiles: ['tests/setup/page-services.ts', 'tests/setup/redis.ts'],
          // Test clients call from http://lovelane.test, the site's address (APP_URL) in tests.
          env: { APP_URL: 'http://lovelane.test' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
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
