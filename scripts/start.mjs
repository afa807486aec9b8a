// `npm start`: builds when the build is missing or stale, loads the reference data and the demo
// members (`node dist/db.js seed`, which adds nothing once they are there), then serves the app in
// production mode. The seed runs to its end before the server starts: the embedded database takes
// one process at a time.
import { spawn, spawnSync } from 'node:child_process';
import { isBuildStale } from './build-state.mjs';

if (isBuildStale()) {
  console.log('[start] building the app…');
  const build = spawnSync('npm', ['run', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// SEED_DEMO=0 (false, off) loads only the reference data, for a site that should have no demo members.
const demo = !/^(0|false|off)$/i.test(process.env.SEED_DEMO ?? '');
const seed = spawnSync(
  process.execPath,
  ['--enable-source-maps', 'dist/db.js', 'seed', ...(demo ? [] : ['--no-demo'])],
  {
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  },
);
if (seed.status !== 0) process.exit(seed.status ?? 1);

const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
