import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

describe('the server bundle', () => {
  it('carries no demo data generation (that is the seed script’s)', async () => {
    // As scripts/build-server.mjs bundles server.ts, with the metafile listing every source used.
    const result = await build({
      entryPoints: ['server.ts'],
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      packages: 'external',
      logLevel: 'silent',
      outdir: 'dist-check',
      plugins: [
        {
          name: 'server-only',
          setup(b) {
            b.onResolve({ filter: /^server-only$/ }, () => ({ path: 'server-only', namespace: 'empty' }));
            b.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: '', loader: 'js' }));
          },
        },
      ],
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs).toContain('lib/server/storage/serve-cdn.ts');
    expect(inputs.filter((file) => file.startsWith('scripts/') || file.includes('/demo/'))).toEqual([]);
    const code = result.outputFiles.map((file) => file.text).join('\n');
    expect(code).not.toContain('lovelane-demo-2025');
    expect(code).not.toContain('seedDemoMembers');
  }, 60_000);
});
