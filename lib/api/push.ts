import type { ApiClient } from './api-client';

/**
 * `POST /api/user.php?push=1` (spec §7): this browser receives the logged-in member's web push. A
 * subscription registered by another member before moves to this one.
 */
export async function registerPushSubscription(
  api: ApiClient,
  subscription: PushSubscriptionJSON,
): Promise<void> {
  await api.post('user.php?push=1', { subscription });
}

/** `DELETE /api/user.php?push=1`: this browser no longer receives the member's web push. */
export async function removePushSubscription(api: ApiClient, endpoint: string): Promise<void> {
  await api.delete('user.php?push=1', { data: { endpoint } });
}

/** `POST /api/push-offer.php`: the member closed the suggestion to turn push on, on every device. */
export async function dismissPushOffer(api: ApiClient): Promise<void> {
  await api.post('push-offer.php', { dismissed: true });
}
