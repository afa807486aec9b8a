// Test files of the `node` project share their worker's modules (no isolation, for speed): each file
// starts from the environment the first file saw, whatever an earlier file set or left stubbed.
import { vi } from 'vitest';

const INITIAL_ENV = Symbol.for('tests.initial-env');
const store = globalThis as unknown as Record<symbol, NodeJS.ProcessEnv | undefined>;

vi.unstubAllEnvs();
vi.unstubAllGlobals();
const initial = store[INITIAL_ENV];
if (!initial) store[INITIAL_ENV] = { ...process.env };
else {
  for (const name of Object.keys(process.env)) if (!(name in initial)) delete process.env[name];
  Object.assign(process.env, initial);
}
