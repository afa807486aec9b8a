import { vi } from 'vitest';
import { resetEnv } from '@/lib/server/env';

/**
 * Sets an environment variable for the current test and makes the app read its environment again
 * (the environment module parses it once). Undo with `unstubEnv()`.
 */
export function stubEnv(name: string, value: string): void {
  vi.stubEnv(name, value);
  resetEnv();
}

/** Restores every variable `stubEnv` changed and forgets the parsed configuration. */
export function unstubEnv(): void {
  vi.unstubAllEnvs();
  resetEnv();
}
