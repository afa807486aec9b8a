import 'server-only';
import os from 'node:os';
import type { Env } from './env';

/**
 * How many processes serve the port. The embedded database belongs to one process, and development
 * reloads one; on PostgreSQL, WEB_CONCURRENCY or one per core, so a second core is not left idle.
 */
export function serverProcessCount(
  config: Pick<Env, 'DATABASE_URL' | 'NODE_ENV' | 'WEB_CONCURRENCY'>,
  cores = os.availableParallelism(),
): number {
  if (!config.DATABASE_URL || config.NODE_ENV === 'development') return 1;
  return config.WEB_CONCURRENCY ?? cores;
}
