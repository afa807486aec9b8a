import 'server-only';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * Runs a hand-written statement and answers its rows. Both drivers (PGlite and node-postgres) answer
 * `execute` with a `rows` array; the caller names the row's shape, in the column names of the SQL.
 */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
