import 'server-only';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { ModerationItemKind, ModerationQueue } from '@/lib/shared/schemas/moderation';
import { getDb } from '../db/client';
import { moderationItems } from '../db/schema/moderation';
import { queueItemQuery, toQueueItem } from './moderation-rows';

/** Items the queue lists at once. */
export const QUEUE_PAGE = 100;

/**
 * The moderation queue: complaints, photos, verifications and re-checks waiting or in review, oldest
 * first. `kind` narrows it to one kind; `verification` takes the re-checks along.
 */
export async function listModerationQueue(
  options: { kind?: ModerationItemKind } = {},
): Promise<ModerationQueue> {
  const db = await getDb();
  const where = and(
    ne(moderationItems.state, 'decided'),
    options.kind === 'verification'
      ? inArray(moderationItems.kind, ['verification', 'verification_recheck'])
      : options.kind
        ? eq(moderationItems.kind, options.kind)
        : undefined,
  );
  const [rows, [total]] = await Promise.all([
    queueItemQuery(db)
      .where(where)
      .orderBy(asc(moderationItems.createdAt), asc(moderationItems.id))
      .limit(QUEUE_PAGE),
    db.select({ n: count() }).from(moderationItems).where(where),
  ]);
  return { items: rows.map(toQueueItem), total: total?.n ?? 0 };
}
