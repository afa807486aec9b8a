import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { DataExportLink } from '@/lib/shared/schemas/data-export';
import { hashToken, newToken } from '../auth/tokens';
import { getDb } from '../db/client';
import { dataExports } from '../db/schema/data-exports';
import { AppError } from '../errors';
import { latestDataExport } from './data-export-state';

/** Where a copy of a member's data is downloaded, with the link's one-time token. */
export const DATA_EXPORT_DOWNLOAD_PATH = '/api/data-export-download.php';

/**
 * `POST /api/data-export-link.php`: a download link for the member's ready copy. Its token is random,
 * stored only as a hash with the hash of the asking session, and works once, in that session, until
 * the copy expires; a new link replaces the one before. No ready copy answers not_found.
 */
export async function issueDataExportLink(options: {
  userId: number;
  /** The session cookie's token of the request. */
  sessionToken: string;
  now?: Date;
}): Promise<DataExportLink> {
  const now = options.now ?? new Date();
  const db = await getDb();
  const latest = await latestDataExport(db, options.userId);
  if (!latest || latest.status !== 'ready' || !latest.expiresAt || latest.expiresAt <= now)
    throw new AppError('not_found', { log: `member ${options.userId} has no ready data export` });
  const { token, hash } = newToken();
  await db
    .update(dataExports)
    .set({ linkTokenHash: hash, linkSessionHash: hashToken(options.sessionToken) })
    .where(and(eq(dataExports.id, latest.id), eq(dataExports.userId, options.userId)));
  return {
    url: `${DATA_EXPORT_DOWNLOAD_PATH}?token=${token}`,
    expires_at: latest.expiresAt.toISOString(),
  };
}
