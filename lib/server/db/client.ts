import 'server-only';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { dataDir, env } from '../env';
import { processSingleton } from '../global';
import { runHooksAfterCommit } from './after-commit';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** An open transaction: domain functions that take `tx` run inside it, so several commit or fail together. */
export type Tx = PgTransaction<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;
/** What a domain function's optional `tx` accepts: a transaction, or the database itself. */
export type DbOrTx = Db | Tx;
export type Listener = (payload: string) => void;
export interface NotifyMessage {
  channel: string;
  payload: string;
}

/** `SELECT pg_notify($1, $2), pg_notify($3, $4), …` with its values. */
function notifyStatement(messages: readonly NotifyMessage[]): { text: string; values: string[] } {
  const calls = messages.map((_, i) => `pg_notify($${2 * i + 1}, $${2 * i + 2})`);
  return { text: `SELECT ${calls.join(', ')}`, values: messages.flatMap((m) => [m.channel, m.payload]) };
}

/** An open database: Drizzle on top, plus what the app needs beside queries. */
export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs checked-in migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  /** Subscribes to a NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: Listener): Promise<() => Promise<void>>;
  /** Sends NOTIFYs in one statement (one transaction: one commit, delivered in this order). */
  notify(messages: readonly NotifyMessage[]): Promise<void>;
  /**
   * Runs a hot statement by name, outside any transaction (one statement, one round trip): on
   * PostgreSQL a named prepared statement, parsed and planned once per connection; on PGlite a plain
   * parameterised query. Answers the rows.
   */
  prepared<Row = Record<string, unknown>>(
    name: string,
    text: string,
    values: readonly unknown[],
  ): Promise<Row[]>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(process.cwd(), 'lib/server/db/migrations');
/** Key of the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 72_640_221;
/** How long a request waits for a PostgreSQL connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 3_000;

/** Thrown when a second process tries to open an embedded database that is in use. */
export class DatabaseInUseError extends Error {
  constructor(directory: string, pid: number) {
    super(
      `The embedded database in ${directory} is in use by process ${pid}. ` +
        'Stop that process first, use another DATA_DIR, or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DatabaseInUseError';
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock of its own: two processes writing one directory lose rows silently.
 * A lock file holding the owner's pid refuses the second process; a stale one is taken over.
 */
export function acquireDirectoryLock(directory: string): () => void {
  fs.mkdirSync(directory, { recursive: true });
  const lockPath = path.join(directory, 'app.lock');
  const owner = `${process.pid}\n${os.hostname()}\n`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, owner, { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === owner) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pidLine = '', host = ''] = fs.readFileSync(lockPath, 'utf8').split('\n');
      const pid = Number.parseInt(pidLine, 10);
      const sameHost = host === os.hostname();
      if (Number.isInteger(pid) && pid !== process.pid && (!sameHost || isProcessAlive(pid))) {
        throw new DatabaseInUseError(directory, pid);
      }
      fs.unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not lock ${directory}`);
}

export interface PgliteOptions {
  /** A directory to persist to; in memory when absent. */
  directory?: string;
  /** A data-directory snapshot (from `dumpDataDir`) to start from instead of initdb. */
  snapshot?: Blob;
}

export async function openPglite(options: PgliteOptions = {}): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const release = options.directory ? acquireDirectoryLock(options.directory) : () => undefined;
  let client;
  try {
    client = await PGlite.create(options.directory ? path.join(options.directory, 'pglite') : undefined, {
      loadDataDir: options.snapshot,
    });
  } catch (error) {
    release();
    throw error;
  }
  const db = runHooksAfterCommit(drizzle({ client, schema }) as unknown as Db);
  return {
    kind: 'pglite',
    db,
    migrate: async () => {
      await migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
    notify: async (messages) => {
      if (messages.length === 0) return;
      const { text, values } = notifyStatement(messages);
      await client.query(text, values);
    },
    prepared: async <Row>(_name: string, text: string, values: readonly unknown[]) =>
      (await client.query<Row>(text, [...values])).rows,
    close: async () => {
      try {
        // Closing twice (a shutdown racing a failure) must not throw.
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const pg = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // While the server is away, requests fail within the timeout (answered 503) instead of queueing;
  // broken clients are dropped by the pool, so service resumes by itself once the server is back.
  const pool = new pg.default.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle client losing its connection emits 'error' on the pool; unhandled, it would end the process.
  pool.on('error', (error) => console.error('[db] idle client error:', error.message));
  const db = runHooksAfterCommit(drizzle({ client: pool, schema }) as unknown as Db);

  const listeners = new Map<string, Set<Listener>>();
  let listenClient: InstanceType<typeof pg.default.Client> | null = null;
  let closed = false;

  // Keeps trying until the server is back: a failed reconnect schedules the next one.
  const reconnectListener = (): void => {
    if (!closed) setTimeout(() => void connectListener().catch(reconnectListener), 1_000).unref();
  };
  const connectListener = async (): Promise<void> => {
    const client = new pg.default.Client({
      connectionString: url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    client.on('notification', (message) => {
      for (const fn of listeners.get(message.channel) ?? []) fn(message.payload ?? '');
    });
    client.on('error', () => {
      listenClient = null;
      reconnectListener();
    });
    await client.connect();
    for (const channel of listeners.keys()) await client.query(`LISTEN "${channel}"`);
    listenClient = client;
  };

  return {
    kind: 'postgres',
    db,
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    listen: async (channel, onPayload) => {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`Invalid channel name ${channel}`);
      if (!listenClient) await connectListener();
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await listenClient?.query(`LISTEN "${channel}"`);
      }
      set.add(onPayload);
      return () => {
        set.delete(onPayload);
        return Promise.resolve();
      };
    },
    notify: async (messages) => {
      if (messages.length === 0) return;
      const { text, values } = notifyStatement(messages);
      await pool.query(text, values);
    },
    prepared: async <Row>(name: string, text: string, values: readonly unknown[]) =>
      (await pool.query({ name, text, values: [...values] })).rows as Row[],
    close: async () => {
      closed = true;
      await listenClient?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

type DatabaseSlot = { handle: Promise<DatabaseHandle> | null };
/** Looked up on each use: a reset of the process state (tests) gives a fresh one. */
const slotOf = () => processSingleton<DatabaseSlot>('db', () => ({ handle: null }));

/** Opens the configured database once per process: PostgreSQL with DATABASE_URL, else PGlite. */
export function database(): Promise<DatabaseHandle> {
  const slot = slotOf();
  if (!slot.handle) {
    const { DATABASE_URL, DATABASE_POOL_SIZE } = env();
    slot.handle = DATABASE_URL
      ? openPostgres(DATABASE_URL, DATABASE_POOL_SIZE)
      : openPglite({ directory: dataDir() });
    slot.handle.catch(() => {
      slot.handle = null;
    });
  }
  return slot.handle;
}

/** The Drizzle database for domain functions. */
export async function getDb(): Promise<Db> {
  return (await database()).db;
}

/**
 * Runs `work` in the caller's transaction when there is one, else in a new transaction of its own,
 * so a domain function is atomic alone and composes into a larger unit of work.
 */
export async function inTransaction<T>(tx: Tx | undefined, work: (tx: Tx) => Promise<T>): Promise<T> {
  if (tx) return work(tx);
  return (await getDb()).transaction(work);
}

/** Makes this process use an already open database (tests, scripts). */
export function setProcessDatabase(handle: DatabaseHandle): void {
  const slot = slotOf();
  slot.handle = Promise.resolve(handle);
}

export async function closeDatabase(): Promise<void> {
  const slot = slotOf();
  const current = slot.handle;
  slot.handle = null;
  if (current) await (await current).close();
}
