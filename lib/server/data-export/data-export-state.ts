import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { DATA_EXPORT_INTERVAL_HOURS, type DataExportState } from '@/lib/shared/schemas/data-export';
import type { DbOrTx } from '../db/client';
import { dataExports } from '../db/schema/data-exports';

export type DataExportRow = typeof dataExports.$inferSelect;

/** The kind of the job that builds a copy of a member's data. */
export const DATA_EXPORT_JOB = 'data_export';

/** The member's latest request for a copy of their data, if any. */
export async function latestDataExport(db: DbOrTx, userId: number): Promise<DataExportRow | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(1);
  return row ?? null;
}

/** When the member may ask again after this request (a failed one does not count). */
export function nextRequestAt(row: DataExportRow | null): Date | null {
  if (!row || row.status === 'failed') return null;
  return new Date(row.createdAt.getTime() + DATA_EXPORT_INTERVAL_HOURS * 3_600_000);
}

/** A request as the settings page shows it; an expired copy shows as none. */
export function toDataExportState(row: DataExportRow | null, now: Date): DataExportState {
  const next = nextRequestAt(row);
  const nextRequest = next && next > now ? next.toISOString() : null;
  const isExpired = row?.status === 'ready' && (!row.expiresAt || row.expiresAt <= now);
  if (!row || isExpired)
    return { status: 'none', requested_at: null, expires_at: null, next_request_at: nextRequest };
  return {
    status: row.status,
    requested_at: row.createdAt.toISOString(),
    expires_at: row.status === 'ready' ? (row.expiresAt?.toISOString() ?? null) : null,
    next_request_at: nextRequest,
  };
}
