import 'server-only';
import { eq } from 'drizzle-orm';
import { DISABLED_NOTIFICATION_ENTRIES, type DisabledNotification } from '@/lib/shared/values/notifications';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { AppError } from '../errors';

/**
 * Saves which notifications a member switched off, per kind and channel; the list replaces the old
 * one. With `resumeEmail`, e-mail notifications that stopped after a bounce, a spam complaint or an
 * unsubscribe run again (the kinds in the list stay off).
 */
export async function updateNotificationSettings(options: {
  userId: number;
  disabled: readonly DisabledNotification[];
  resumeEmail?: boolean;
}): Promise<void> {
  // Stored once each, in one order, so equal choices are equal lists.
  const disabled = DISABLED_NOTIFICATION_ENTRIES.filter((entry) => options.disabled.includes(entry));
  const db = await getDb();
  const updated = await db
    .update(users)
    .set({
      notificationsDisabled: disabled,
      ...(options.resumeEmail && { emailStoppedReason: null, emailStoppedAt: null }),
    })
    .where(eq(users.id, options.userId))
    .returning({ id: users.id });
  if (updated.length === 0) throw new AppError('authentication_required');
}
