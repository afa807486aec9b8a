import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';

const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  // ICU messages are compiled at build time: browsers get a small formatter instead of the parser.
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});

const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  serverExternalPackages: ['@electric-sql/pglite'],
  // The types are checked by `npm run typecheck` (tsc on the same tsconfig, a step of `npm test`); the
  // build does not check them a second time.
  typescript: { ignoreBuildErrors: true },
  // The landers (pages/) render with next-intl as the App Router does: bundled, so its precompiled
  // messages meet the formatter the plugin sets up for them.
  bundlePagesRouterDependencies: true,
  sassOptions: {
    silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
    quietDeps: true,
  },
  experimental: {
    optimizePackageImports: ['react-bootstrap', 'date-fns'],
  },
  // The service worker (public/sw-push.js): always checked for a new version, never taken from a
  // cache; it controls the whole site from the root; its own fetches stay on this site.
  headers: () =>
    Promise.resolve([
      {
        source: '/sw-push.js',
        headers: [
          { key: 'Content-Type', value: 'application/javascript; charset=utf-8' },
          { key: 'Cache-Control', value: 'no-cache' },
          { key: 'Service-Worker-Allowed', value: '/' },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          {
            key: 'Content-Security-Policy',
            value: "default-src 'self'; img-src 'self' data: https:; script-src 'self'",
          },
        ],
      },
    ]),
};

export default withNextIntl(config);
