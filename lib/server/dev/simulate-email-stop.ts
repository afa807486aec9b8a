import 'server-only';
import { eq } from 'drizzle-orm';
import type { EmailStopReason } from '@/lib/shared/values/notifications';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';

/**
 * Development and browser tests only: stops a member's e-mail notifications as a bounce, a spam
 * complaint or an unsubscribe would, so the alerts and the way back can be seen without a mail service.
 */
export async function simulateEmailStop(options: {
  userId: number;
  reason: EmailStopReason;
  now?: Date;
}): Promise<void> {
  const db = await getDb();
  await db
    .update(users)
    .set({ emailStoppedReason: options.reason, emailStoppedAt: options.now ?? new Date() })
    .where(eq(users.id, options.userId));
}
