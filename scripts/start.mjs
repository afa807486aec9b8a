// `npm start`: builds when the build is missing or stale, then serves the app in production mode.
// The server applies the migrations and loads the reference data into the database on start.
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
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
