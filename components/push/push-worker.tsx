'use client';

import { useLocale } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useApi } from '@/lib/api/api-context';
import { useUser } from '@/lib/api/hooks';
import { registerPushSubscription } from '@/lib/api/push';
import {
  currentSubscription,
  detectPushState,
  isPushCapable,
  registerPushWorker,
  SYNCED_ENDPOINT_KEY,
} from './push-subscription';

type BadgingNavigator = Navigator & { clearAppBadge?: () => Promise<void> };

/**
 * The service worker for logged-in members (spec §7: /sw-push.js, version 2), mounted once in the
 * root layout:
 * - registers it, and tells it the page's language so its offline page speaks it;
 * - registers the browser's push subscription for the member who is logged in now (a browser a
 *   member used before moves to whoever logs in);
 * - ends the browser's subscription on logout, so the next person on this device does not get
 *   the member's pushes;
 * - moves the page where a notification click asks (a tab the worker does not control yet).
 */
export function PushWorker(props: { isEnabled: boolean }) {
  const { data: user } = useUser();
  const isLoggedIn = Boolean(user);
  const api = useApi();
  const locale = useLocale();
  const router = useRouter();
  const wasLoggedIn = useRef(isLoggedIn);

  useEffect(() => {
    if (!props.isEnabled || !isLoggedIn || !('serviceWorker' in navigator)) return;
    let isCancelled = false;
    void (async () => {
      const registration = await registerPushWorker();
      if (isCancelled) return;
      registration.active?.postMessage({ type: 'offline-page', locale });
      const subscription =
        isPushCapable() && Notification.permission === 'granted' ? await currentSubscription() : null;
      if (
        !subscription ||
        isCancelled ||
        sessionStorage.getItem(SYNCED_ENDPOINT_KEY) === subscription.endpoint
      )
        return;
      await registerPushSubscription(api, subscription.toJSON());
      sessionStorage.setItem(SYNCED_ENDPOINT_KEY, subscription.endpoint);
      await detectPushState();
    })().catch(() => undefined);
    return () => {
      isCancelled = true;
    };
  }, [props.isEnabled, isLoggedIn, locale, api]);

  useEffect(() => {
    const hadMember = wasLoggedIn.current;
    wasLoggedIn.current = isLoggedIn;
    if (!props.isEnabled || isLoggedIn || !hadMember) return;
    sessionStorage.removeItem(SYNCED_ENDPOINT_KEY);
    void (navigator as BadgingNavigator).clearAppBadge?.().catch(() => undefined);
    void currentSubscription()
      .then((subscription) => subscription?.unsubscribe())
      .then(() => detectPushState())
      .catch(() => undefined);
  }, [props.isEnabled, isLoggedIn]);

  useEffect(() => {
    if (!props.isEnabled || !('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (data?.type === 'open' && typeof data.url === 'string' && data.url.startsWith('/'))
        router.push(data.url);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [props.isEnabled, router]);

  return null;
}
