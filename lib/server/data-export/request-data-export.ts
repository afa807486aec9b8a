import 'server-only';
import { eq } from 'drizzle-orm';
import { isLocale, type Locale } from '@/lib/shared/locales';
import type { DataExportState } from '@/lib/shared/schemas/data-export';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { dataExports } from '../db/schema/data-exports';
import { AppError } from '../errors';
import { enqueueJob } from '../jobs/enqueue-job';
import { DATA_EXPORT_JOB, latestDataExport, nextRequestAt, toDataExportState } from './data-export-state';

/** A copy is tried this often before it shows as failed (the member may then ask again). */
const MAX_ATTEMPTS = 3;

/**
 * `POST /api/data-export.php`: asks for a copy of all the member's data. Answers at once with the
 * request `preparing`; a job builds the ZIP (see buildDataExport). Once in 24 hours: an earlier
 * request within that time (unless it failed) is refused with `rate_limited` and the hours to wait.
 */
export async function requestDataExport(options: {
  userId: number;
  /** The request's language, when the account's language is not one of the site's. */
  locale: Locale;
  now?: Date;
}): Promise<DataExportState> {
  const { userId } = options;
  const now = options.now ?? new Date();
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    // One request at a time per member: two clicks at once cannot both pass the check.
    const [member] = await tx
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const next = nextRequestAt(await latestDataExport(tx, userId));
    if (next && next > now) {
      const hours = Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 3_600_000));
      throw new AppError('rate_limited', {
        messageKey: 'data_export_limit',
        values: { hours },
        headers: { 'Retry-After': String(Math.ceil((next.getTime() - now.getTime()) / 1_000)) },
        log: `data export of member ${userId} asked again before ${next.toISOString()}`,
      });
    }
    const locale = member && isLocale(member.language) ? member.language : options.locale;
    const [created] = await tx.insert(dataExports).values({ userId, locale, createdAt: now }).returning();
    if (!created) throw new Error('no data export inserted');
    await enqueueJob(tx, DATA_EXPORT_JOB, { exportId: created.id }, { maxAttempts: MAX_ATTEMPTS });
    return created;
  });
  return toDataExportState(row, now);
}
