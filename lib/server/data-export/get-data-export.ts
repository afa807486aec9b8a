import 'server-only';
import type { DataExportState } from '@/lib/shared/schemas/data-export';
import { getDb } from '../db/client';
import { latestDataExport, toDataExportState } from './data-export-state';

/** `GET /api/data-export.php`: the member's latest copy of their data and whether they may ask again. */
export async function getDataExport(options: { userId: number; now?: Date }): Promise<DataExportState> {
  const now = options.now ?? new Date();
  const db = await getDb();
  return toDataExportState(await latestDataExport(db, options.userId), now);
}
