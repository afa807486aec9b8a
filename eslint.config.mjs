import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import tseslint from 'typescript-eslint';

// Demo data is made by the seed script (scripts/demo); the running app never carries it.
const SCRIPTS_IMPORT = { group: ['@/scripts/*', '**/scripts/*'], message: 'The app may not import scripts.' };

export default tseslint.config(
  {
    ignores: [
      '.next/**',
      'dist/**',
      'data/**',
      '.tmp/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'public/mockServiceWorker.js',
      'next-env.d.ts',
      'bench/**',
    ],
  },
  ...nextVitals,
  ...nextTs,
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/lib/server/*'],
              message: 'Client code may not import server code.',
            },
            SCRIPTS_IMPORT,
          ],
        },
      ],
    },
  },
  {
    // Browser code: the API contract's plain values come from @/lib/shared/values; its zod schemas
    // only as types, so no validation library is sent to the browser.
    files: ['components/**', 'lib/api/**', 'stores/**'],
    ignores: ['lib/api/mocks/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['zod', '@/lib/shared/schemas/*'],
              allowTypeImports: true,
              message:
                'Browser code imports plain values from @/lib/shared/values; schemas (zod) only as types.',
            },
          ],
        },
      ],
    },
  },
  {
    // Landers and the visitor home are entry pages of paid traffic: they ship no framework to the
    // browser (pages/), so their links are plain anchors, not the client router's links. Tests build
    // plain anchors on purpose, to see what clicks on them do.
    files: ['pages/**', 'components/lander/**', 'components/home/**', 'tests/**'],
    rules: { '@next/next/no-html-link-for-pages': 'off' },
  },
  {
    // Server code, scripts and tests may use the server layer.
    files: ['lib/server/**', 'server.ts', 'scripts/**', 'tests/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Pages, layouts and proxy.ts are bundled by Next: they reach the server through the page
    // services (lib/server/pages), so the process holds one copy of each server module.
    files: ['app/**', 'pages/**', 'proxy.ts', 'components/**/*-state.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/lib/server/*', '!@/lib/server/pages', '!@/lib/server/pages/*'],
              allowTypeImports: true,
              message:
                'Pages use the server through @/lib/server/pages (page services); other server modules only as types.',
            },
            SCRIPTS_IMPORT,
          ],
        },
      ],
    },
  },
  {
    // Tests read untyped JSON responses; what matters is asserted on them.
    files: ['tests/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // The server layer, but not the scripts and tests that seed demo data.
    // (pages, layouts and proxy.ts have their own rule above, which includes this one).
    files: ['lib/server/**', 'server.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SCRIPTS_IMPORT] }] },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
