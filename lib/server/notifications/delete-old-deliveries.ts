import 'server-only';
import { lt, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { notificationDeliveries } from '../db/schema/notifications';

/**
 * Delivery records are kept this long: longer than any sweep looks back (reminders reach 60 days
 * of absence, chat history 180 days), so a deleted key can never make a mail go out twice.
 */
export const DELIVERIES_KEEP_DAYS = 180;
const BATCH = 10_000;

/** Deletes delivery records older than DELIVERIES_KEEP_DAYS; safe from several instances. */
export async function deleteOldNotificationDeliveries(options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - DELIVERIES_KEEP_DAYS * 86_400_000);
  const db = await getDb();
  let deleted = 0;
  for (;;) {
    const old = db
      .select({ id: notificationDeliveries.id })
      .from(notificationDeliveries)
      .where(lt(notificationDeliveries.createdAt, cutoff))
      .limit(BATCH);
    const rows = await db
      .delete(notificationDeliveries)
      .where(sql`${notificationDeliveries.id} in (${old})`)
      .returning({ id: notificationDeliveries.id });
    deleted += rows.length;
    if (rows.length < BATCH) return deleted;
  }
}
