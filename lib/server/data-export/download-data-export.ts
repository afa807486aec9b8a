import 'server-only';
import { and, eq, gt } from 'drizzle-orm';
import type { FileResult } from '../api/kit/define-route';
import { hashToken } from '../auth/tokens';
import { getDb } from '../db/client';
import { dataExports } from '../db/schema/data-exports';
import { AppError } from '../errors';
import { getStorage } from '../storage/get-storage';

/**
 * `GET /api/data-export-download.php?token=`: the ZIP of a member's data, for the member the link was
 * made for, in the session it was made in, before the copy expires, once (the token is spent by the
 * download). Anything else answers as a link that does not exist.
 */
export async function downloadDataExport(options: {
  userId: number;
  token: string;
  sessionToken: string;
  now?: Date;
}): Promise<FileResult & { filename: string }> {
  const now = options.now ?? new Date();
  const db = await getDb();
  const tokenHash = hashToken(options.token);
  // Spending the token and finding the copy is one statement: two requests cannot both download.
  const [row] = await db
    .update(dataExports)
    .set({ linkTokenHash: null, linkSessionHash: null, downloadedAt: now })
    .where(
      and(
        eq(dataExports.linkTokenHash, tokenHash),
        eq(dataExports.userId, options.userId),
        eq(dataExports.linkSessionHash, hashToken(options.sessionToken)),
        eq(dataExports.status, 'ready'),
        gt(dataExports.expiresAt, now),
      ),
    )
    .returning({ storageKey: dataExports.storageKey, readyAt: dataExports.readyAt });
  const notFound = new AppError('not_found', {
    messageKey: 'data_export_link_invalid',
    log: `data export link refused for member ${options.userId}`,
  });
  if (!row?.storageKey) throw notFound;
  const object = await getStorage().get(row.storageKey);
  if (!object) throw notFound;
  const day = (row.readyAt ?? now).toISOString().slice(0, 10);
  return { body: object.body, contentType: 'application/zip', filename: `my-data-${day}.zip` };
}
