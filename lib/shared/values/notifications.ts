import { NOTIFICATION_KINDS } from '../schemas/user';

export { NOTIFICATION_KINDS };
/** The eight kinds a member can switch on and off (spec §1 "notifications page"). */
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Where a notification goes. */
export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Why e-mail notifications stopped for a member (spec §8). */
export const EMAIL_STOP_REASONS = ['spam_complaint', 'bounce', 'unsubscribe'] as const;
export type EmailStopReason = (typeof EMAIL_STOP_REASONS)[number];

/** An entry of the user's `notifications_disabled` list: 'email:news', 'push:like', … */
export type DisabledNotification = `${NotificationChannel}:${NotificationKind}`;

export function disabledEntry(channel: NotificationChannel, kind: NotificationKind): DisabledNotification {
  return `${channel}:${kind}`;
}

/** Every valid entry of `notifications_disabled`. */
export const DISABLED_NOTIFICATION_ENTRIES: readonly DisabledNotification[] = NOTIFICATION_CHANNELS.flatMap(
  (channel) => NOTIFICATION_KINDS.map((kind) => disabledEntry(channel, kind)),
);

/** Whether a member with this `notifications_disabled` list wants this kind on this channel. */
export function isNotificationEnabled(
  disabled: readonly string[],
  channel: NotificationChannel,
  kind: NotificationKind,
): boolean {
  return !disabled.includes(disabledEntry(channel, kind));
}
