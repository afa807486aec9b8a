import type { NotificationKind } from '@/lib/shared/values/notifications';

/** How the notifications page groups the eight kinds (spec §3), in the order it shows them. */
export const NOTIFICATION_GROUPS = [
  { id: 'messages', kinds: ['new_conversations', 'new_messages', 'unread_message_reminders'] },
  { id: 'matches', kinds: ['like'] },
  { id: 'fromUs', kinds: ['weekly_updates', 'promotions', 'news', 'reminders'] },
] as const satisfies readonly { id: string; kinds: readonly NotificationKind[] }[];

export type NotificationGroupId = (typeof NOTIFICATION_GROUPS)[number]['id'];
