'use client';

import { mutationOptions, useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { NotificationSettingsUpdate } from '@/lib/shared/schemas/notifications';
import type { User } from '@/lib/shared/schemas/user';
import { DISABLED_NOTIFICATION_ENTRIES, type DisabledNotification } from '@/lib/shared/values/notifications';
import type { ApiClient } from './api-client';
import { useApi } from './api-context';
import { useCacheUpdates } from './cache-updates';
import { useUser } from './hooks';
import { notificationKeys, queryKeys } from './keys';

/**
 * One change a member makes on the notifications page: switches turned on or off (one, or all
 * e-mails at once), or e-mail notifications resumed after a bounce, a complaint or an unsubscribe.
 */
export type NotificationChange =
  { type: 'switch'; entries: readonly DisabledNotification[]; isEnabled: boolean } | { type: 'resume-email' };

/** The switched-off list after a change, in the one order the server keeps. */
export function applyNotificationChange(
  disabled: readonly string[],
  change: NotificationChange,
): DisabledNotification[] {
  const off = new Set(disabled);
  if (change.type === 'switch') {
    for (const entry of change.entries) {
      if (change.isEnabled) off.delete(entry);
      else off.add(entry);
    }
  }
  return DISABLED_NOTIFICATION_ENTRIES.filter((entry) => off.has(entry));
}

/** The body of `PUT /api/notifications.php` for a change, from the choices the server last confirmed. */
export function notificationUpdateFor(
  confirmed: readonly string[],
  change: NotificationChange,
): NotificationSettingsUpdate {
  return {
    notifications_disabled: applyNotificationChange(confirmed, change),
    ...(change.type === 'resume-email' && { resume_email: true as const }),
  };
}

/**
 * `PUT /api/notifications.php`: saves the member's notification choices; answers the member. Changes
 * go one after another (one scope), each from the choices the server confirmed last, so a change that
 * fails takes only itself back.
 */
export const updateNotificationsMutation = (api: ApiClient, queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: notificationKeys.update,
    scope: { id: 'notification-settings' },
    mutationFn: async (change: NotificationChange) => {
      const confirmed = queryClient.getQueryData<User | null>(queryKeys.user)?.notifications_disabled ?? [];
      const body = notificationUpdateFor(confirmed, change);
      return (await api.put<{ user: User }>('notifications.php', body)).data.user;
    },
  });

/**
 * Saves a notification change; every component shows the saved member once the server has it. The
 * callbacks hear about every change, also one that was overtaken by the next.
 */
export function useUpdateNotifications(
  callbacks: {
    onSuccess?: (change: NotificationChange) => void;
    onError?: (change: NotificationChange) => void;
  } = {},
) {
  const updates = useCacheUpdates();
  return useMutation({
    ...updateNotificationsMutation(useApi(), useQueryClient()),
    onSuccess: (user, change) => {
      updates.userSaved(user);
      callbacks.onSuccess?.(change);
    },
    onError: (_error, change) => callbacks.onError?.(change),
  });
}

/**
 * The member's notification choices as the member sees them: what the server confirmed, with the
 * changes still being saved already applied (a change that fails drops out, so its switch goes back).
 */
export function useNotificationChoices(): {
  disabled: readonly string[];
  emailStopped: User['email_notifications_stopped'];
} | null {
  const { data: user } = useUser();
  const pending = useMutationState({
    filters: { mutationKey: notificationKeys.update, status: 'pending' },
    select: (mutation) => mutation.state.variables as NotificationChange | undefined,
  });
  if (!user) return null;
  let disabled: readonly string[] = user.notifications_disabled;
  let emailStopped = user.email_notifications_stopped;
  for (const change of pending) {
    if (!change) continue;
    disabled = applyNotificationChange(disabled, change);
    if (change.type === 'resume-email') emailStopped = null;
  }
  return { disabled, emailStopped };
}
