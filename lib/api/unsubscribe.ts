import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { NotificationKind } from '@/lib/shared/values/notifications';
import type { ApiClient } from './api-client';
import { useApi } from './api-context';

/**
 * `POST /api/webhooks/unsubscribe.php?token=…`: the unsubscribe page's confirm button, the same call
 * a mailbox's one-click unsubscribe makes; the signed token is the permission, no login needed.
 */
export const unsubscribeMutation = (api: ApiClient) =>
  mutationOptions({
    mutationFn: async (input: { token: string }): Promise<{ kind: NotificationKind }> => {
      const { data } = await api.post<{ unsubscribed: true; kind: NotificationKind }>(
        `webhooks/unsubscribe.php?token=${encodeURIComponent(input.token)}`,
        {},
      );
      return { kind: data.kind };
    },
  });

export const useUnsubscribe = () => useMutation(unsubscribeMutation(useApi()));
