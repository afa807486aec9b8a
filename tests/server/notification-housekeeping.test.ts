// Delivery records are dropped only once no sweep can reach what they were about.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationDeliveries } from '@/lib/server/db/schema';
import {
  deleteOldNotificationDeliveries,
  DELIVERIES_KEEP_DAYS,
} from '@/lib/server/notifications/delete-old-deliveries';
import { withTestDatabase } from '../helpers/database';
import { member } from './notification-helpers';

const db = withTestDatabase();

describe('notification delivery housekeeping', () => {
  it('deletes records older than the keeping time and keeps the rest', async () => {
    const database = db.handle().db;
    const user = { id: await member(database, {}) };
    const now = new Date('2026-11-25T12:00:00Z');
    const day = 86_400_000;
    await database.insert(notificationDeliveries).values([
      {
        userId: user.id,
        channel: 'email',
        kind: 'weekly_updates',
        ref: 'week:old',
        createdAt: new Date(now.getTime() - (DELIVERIES_KEEP_DAYS + 1) * day),
      },
      {
        userId: user.id,
        channel: 'email',
        kind: 'weekly_updates',
        ref: 'week:kept',
        createdAt: new Date(now.getTime() - (DELIVERIES_KEEP_DAYS - 1) * day),
      },
    ]);
    expect(await deleteOldNotificationDeliveries({ now })).toBe(1);
    const left = await database
      .select({ ref: notificationDeliveries.ref })
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.userId, user.id));
    expect(left.map((row) => row.ref)).toEqual(['week:kept']);
  });
});
