'use client';

import type { ApiClient } from '@/lib/api/api-client';
import { registerPushSubscription, removePushSubscription } from '@/lib/api/push';
import { PUSH_WORKER_URL } from '@/lib/shared/values/push';

/** Whether this browser can receive push (spec §4 "Push": capable or not; subscribed, denied or not). */
export type PushState = 'unsupported' | 'denied' | 'subscribed' | 'not-subscribed' | 'loading';

/** What went wrong the last time, by its text's key in the `PushState` messages. */
export type PushError = 'unsupported' | 'denied' | 'failed' | 'unsubscribeFailed';

/** The endpoint this tab has registered for the member, so a page load does not register it again. */
export const SYNCED_ENDPOINT_KEY = 'push-synced-endpoint';

export interface PushSnapshot {
  state: PushState;
  isBusy: boolean;
  error: PushError | null;
}

// The browser's push subscription belongs to the browser, not to a page or a request: one record of
// it per tab, read from the PushManager, which every component asking about push shares.
const LOADING: PushSnapshot = { state: 'loading', isBusy: false, error: null };
let snapshot: PushSnapshot = LOADING;
const listeners = new Set<() => void>();
let isWatching = false;

function update(change: Partial<PushSnapshot>): void {
  snapshot = { ...snapshot, ...change };
  for (const listener of listeners) listener();
}

/** Whether the browser has what web push needs: a service worker, the Push API and notifications. */
export function isPushCapable(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The service worker registration of the site's root, if there is one. */
export async function rootRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  return (await navigator.serviceWorker.getRegistration('/')) ?? null;
}

/**
 * The push worker's registration: registered at /sw-push.js for the whole site when the root has no
 * worker yet (a worker already there, such as the QA mode's mock worker, is left in place).
 */
export async function registerPushWorker(): Promise<ServiceWorkerRegistration> {
  const existing = await rootRegistration();
  if (existing) return existing;
  await navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: '/', updateViaCache: 'none' });
  return navigator.serviceWorker.ready;
}

/** This browser's push subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await rootRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Reads the browser's push state again (after a change of permission or subscription). */
export async function detectPushState(): Promise<void> {
  if (!isPushCapable()) return update({ state: 'unsupported' });
  if (Notification.permission === 'denied') return update({ state: 'denied' });
  const subscription = await currentSubscription().catch(() => null);
  update({ state: subscription && Notification.permission === 'granted' ? 'subscribed' : 'not-subscribed' });
}

/** Listens for the member changing the site's notification permission in the browser. */
function watchPermission(): void {
  if (isWatching || typeof navigator === 'undefined' || !navigator.permissions) return;
  isWatching = true;
  navigator.permissions
    .query({ name: 'notifications' })
    .then((status) => status.addEventListener('change', () => void detectPushState()))
    .catch(() => undefined);
}

export function subscribeToPushState(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    // The first reader since none was left: what was known may have changed meanwhile.
    snapshot = LOADING;
    watchPermission();
    void detectPushState();
  }
  return () => listeners.delete(listener);
}

export const getPushSnapshot = (): PushSnapshot => snapshot;
export const getServerPushSnapshot = (): PushSnapshot => LOADING;

/** The VAPID public key (base64url) as the Push API takes it. */
function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64Url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const sameBytes = (a: ArrayBuffer | null, b: Uint8Array): boolean =>
  a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

/**
 * Subscribes this browser: asks for the notification permission, subscribes with the site's key
 * (a subscription made with another key is renewed) and registers it for the logged-in member.
 */
export async function subscribePush(api: ApiClient, publicKey: string | null): Promise<void> {
  if (snapshot.isBusy) return;
  update({ isBusy: true, error: null });
  let created: PushSubscription | null = null;
  try {
    if (!isPushCapable() || !publicKey) {
      update({ state: 'unsupported', error: 'unsupported' });
      return;
    }
    const permission = await Notification.requestPermission();
    if (permission === 'denied') {
      update({ state: 'denied', error: 'denied' });
      return;
    }
    // Closed without choosing: nothing changes, and nothing went wrong.
    if (permission !== 'granted') return;
    const registration = await registerPushWorker();
    const key = keyBytes(publicKey);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    if (!subscription) {
      created = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key,
      });
      subscription = created;
    }
    await registerPushSubscription(api, subscription.toJSON());
    sessionStorage.setItem(SYNCED_ENDPOINT_KEY, subscription.endpoint);
    update({ state: 'subscribed' });
  } catch {
    // A subscription the server did not take is ended again, so the browser does not claim it.
    await created?.unsubscribe().catch(() => undefined);
    update({ error: 'failed' });
    await detectPushState();
  } finally {
    update({ isBusy: false });
  }
}

/** Ends this browser's subscription, at the push service and for the member. */
export async function unsubscribePush(api: ApiClient): Promise<void> {
  if (snapshot.isBusy) return;
  update({ isBusy: true, error: null });
  try {
    const subscription = await currentSubscription();
    if (subscription) {
      // The server forgets the browser at once; were this call lost, the push service's "gone" would do it.
      await removePushSubscription(api, subscription.endpoint).catch(() => undefined);
      await subscription.unsubscribe();
    }
    sessionStorage.removeItem(SYNCED_ENDPOINT_KEY);
    update({ state: 'not-subscribed' });
  } catch {
    update({ error: 'unsubscribeFailed' });
    await detectPushState();
  } finally {
    update({ isBusy: false });
  }
}
