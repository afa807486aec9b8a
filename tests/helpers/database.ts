import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, inject } from 'vitest';
import { resetEnv } from '@/lib/server/env';
import { openPglite, openPostgres, setProcessDatabase, type DatabaseHandle } from '@/lib/server/db/client';

/** Forgets process-wide state (caches, configuration) left by an earlier test file in this worker. */
export function resetProcessState(): void {
  const store = globalThis as unknown as Record<string | symbol, unknown>;
  // Redis connections are closed, not just forgotten (an open one keeps the worker busy).
  const redis = store[Symbol.for('flirt.redis')] as
    { command: { disconnect(): void }; subscriber?: { disconnect(): void } } | undefined;
  redis?.command.disconnect();
  redis?.subscriber?.disconnect();
  for (const symbol of Object.getOwnPropertySymbols(store)) {
    if (symbol.description?.startsWith('flirt.')) delete store[symbol];
  }
  resetEnv();
}

/** Opens a fresh copy of the migrated, seeded test database for this file (PGlite or PostgreSQL). */
export async function openTestDatabase(): Promise<{
  handle: DatabaseHandle;
  /** The PostgreSQL test database's address (null on PGlite). */
  url: string | null;
  dispose: () => Promise<void>;
}> {
  const template = inject('postgresTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (template && url) {
    const name = `app_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = await openPostgres(url, 1);
    await admin.db.execute(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const handle = await openPostgres(target.toString(), 4);
    return {
      handle,
      url: target.toString(),
      dispose: async () => {
        await handle.close();
        await admin.db.execute(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.close();
      },
    };
  }
  const snapshot = new Blob([fs.readFileSync(inject('pgliteSnapshot'))]);
  const handle = await openPglite({ snapshot });
  return { handle, url: null, dispose: () => handle.close() };
}

/** Gives every test in the file its own database, made the process's database for domain code. */
export function withTestDatabase(): { handle: () => DatabaseHandle; url: () => string | null } {
  let current: Awaited<ReturnType<typeof openTestDatabase>> | null = null;
  beforeAll(async () => {
    resetProcessState();
    current = await openTestDatabase();
    setProcessDatabase(current.handle);
  });
  afterAll(async () => {
    await current?.dispose();
    resetProcessState();
  });
  const opened = () => {
    if (!current) throw new Error('database not open yet');
    return current;
  };
  return { handle: () => opened().handle, url: () => opened().url };
}
