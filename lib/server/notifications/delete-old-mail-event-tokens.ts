import 'server-only';
import { lt, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { mailEventTokens } from '../db/schema/notifications';
import { MAIL_EVENT_WINDOW_SECONDS } from './receive-mail-events';

const BATCH = 10_000;

/**
 * Deletes the tokens of mail-event reports signed more than the freshness window ago: such a report
 * is refused as stale, so its token no longer needs remembering. Part of the hourly housekeeping;
 * safe from several instances. Answers how many went.
 */
export async function deleteOldMailEventTokens(options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - MAIL_EVENT_WINDOW_SECONDS * 1000);
  const db = await getDb();
  let deleted = 0;
  for (;;) {
    const old = db
      .select({ token: mailEventTokens.token })
      .from(mailEventTokens)
      .where(lt(mailEventTokens.signedAt, cutoff))
      .limit(BATCH);
    const rows = await db
      .delete(mailEventTokens)
      .where(sql`${mailEventTokens.token} in (${old})`)
      .returning({ token: mailEventTokens.token });
    deleted += rows.length;
    if (rows.length < BATCH) return deleted;
  }
}
