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
  sassOptions: {
    silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
    quietDeps: true,
  },
  experimental: {
    optimizePackageImports: ['react-bootstrap', 'date-fns'],
  },
};

export default withNextIntl(config);
