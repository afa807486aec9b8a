import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { operatorRefusalCounts } from '../db/schema/operators';

const HOUR_MS = 3_600_000;

/**
 * Counts a refused operator-API call that no operator session stood behind, in its hour's row for
 * the address, route and answer (one statement, so parallel calls are each counted). The audit log
 * gets no row for it: anyone may knock, and a row per knock would bury what operators did.
 */
export async function countRefusedCall(options: {
  ip: string;
  route: string;
  status: number;
  now?: Date;
}): Promise<void> {
  const now = options.now ?? new Date();
  const windowStart = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  const db = await getDb();
  await db
    .insert(operatorRefusalCounts)
    .values({ windowStart, ip: options.ip, route: options.route, status: options.status, lastAt: now })
    .onConflictDoUpdate({
      target: [
        operatorRefusalCounts.windowStart,
        operatorRefusalCounts.ip,
        operatorRefusalCounts.route,
        operatorRefusalCounts.status,
      ],
      set: {
        count: sql`${operatorRefusalCounts.count} + 1`,
        lastAt: sql`greatest(${operatorRefusalCounts.lastAt}, excluded.last_at)`,
      },
    });
}
