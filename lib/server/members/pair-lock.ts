import 'server-only';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';

/**
 * Serialises everything that changes how two members stand to each other (likes both ways, blocks)
 * until the transaction ends: of two likes at the same moment the second sees the first and makes
 * the match, and a like cannot slip in beside a block.
 */
export async function lockPair(tx: Tx, a: number, b: number): Promise<void> {
  const [low, high] = a < b ? [a, b] : [b, a];
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`pair:${low}:${high}`}, 0))`);
}
