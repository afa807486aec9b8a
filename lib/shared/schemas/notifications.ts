import { z } from 'zod';
import { DISABLED_NOTIFICATION_ENTRIES } from '../values/notifications';

/** One entry of `notifications_disabled`: a kind switched off on a channel ('email:news', 'push:like'). */
export const DisabledNotificationSchema = z.enum(DISABLED_NOTIFICATION_ENTRIES);

/**
 * `PUT /api/notifications.php`: the whole list of switched-off notifications (the list is the truth:
 * what is not in it is on), each entry once. `resume_email` turns e-mail notifications back on after
 * a bounce, a spam complaint or an unsubscribe stopped them.
 */
export const NotificationSettingsUpdateSchema = z.object({
  notifications_disabled: z
    .array(DisabledNotificationSchema)
    .max(DISABLED_NOTIFICATION_ENTRIES.length * 2)
    .transform((entries) => [...new Set(entries)]),
  resume_email: z.literal(true).optional(),
});
export type NotificationSettingsUpdate = z.input<typeof NotificationSettingsUpdateSchema>;
