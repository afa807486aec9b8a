// Compiles server.ts and the API it imports into dist/ so no TypeScript is compiled at request time.
import { build } from 'esbuild';

const emptyServerOnly = {
  name: 'server-only',
  setup(b) {
    b.onResolve({ filter: /^server-only$/ }, () => ({ path: 'server-only', namespace: 'empty' }));
    b.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: '', loader: 'js' }));
  },
};

const entries = {
  server: 'server.ts',
  ...Object.fromEntries(process.argv.slice(2).map((e) => [e.replace(/^.*\/|\.ts$/g, ''), e])),
};

await build({
  entryPoints: entries,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [emptyServerOnly],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});
