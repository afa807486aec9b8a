'use client';

import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useApi } from '@/lib/api/api-context';
import type { ApiClient } from '@/lib/api/api-client';
import { settingsQuery } from '@/lib/api/queries';

/** Push on this device (spec §4): capable or not; subscribed, denied or not subscribed. */
export type PushState = 'unsupported' | 'denied' | 'subscribed' | 'not-subscribed' | 'loading';

export interface PushControls {
  state: PushState;
  /** Asks the browser's permission, subscribes this device and registers it with the server. */
  subscribe(): Promise<void>;
  /** Ends this device's subscription, at the server and in the browser. */
  unsubscribe(): Promise<void>;
  /** A subscribe or unsubscribe is under way. */
  isBusy: boolean;
  /** Why the last subscribe or unsubscribe failed (not a text to show), or null. */
  error: string | null;
}

const WORKER_URL = '/sw-push.js';

interface Snapshot {
  state: PushState;
  isBusy: boolean;
  error: string | null;
}

// One state per tab, shared by every component that shows or changes it.
let snapshot: Snapshot = { state: 'loading', isBusy: false, error: null };
let isChecked = false;
const listeners = new Set<() => void>();

function set(change: Partial<Snapshot>): void {
  snapshot = { ...snapshot, ...change };
  for (const listener of listeners) listener();
}

function subscribeStore(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

const SERVER_SNAPSHOT: Snapshot = { state: 'loading', isBusy: false, error: null };

function isCapable(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The push worker's registration, if this site registered it in this browser. */
async function pushRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  const registrations = await navigator.serviceWorker.getRegistrations();
  return registrations.find((registration) =>
    [registration.active, registration.waiting, registration.installing].some((worker) =>
      worker?.scriptURL.endsWith(WORKER_URL),
    ),
  );
}

/** Reads the device's push state from the browser. */
async function readState(): Promise<PushState> {
  if (!isCapable()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  try {
    const registration = await pushRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    return subscription ? 'subscribed' : 'not-subscribed';
  } catch {
    return 'not-subscribed';
  }
}

async function check(): Promise<void> {
  set({ state: await readState() });
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Waits until a registration has an active worker (subscribing needs one). */
async function activeRegistration(): Promise<ServiceWorkerRegistration> {
  const registration = (await pushRegistration()) ?? (await navigator.serviceWorker.register(WORKER_URL));
  if (registration.active) return registration;
  const worker = registration.installing ?? registration.waiting;
  await new Promise<void>((resolve, reject) => {
    if (!worker) return reject(new Error('no service worker'));
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve();
      if (worker.state === 'redundant') reject(new Error('service worker failed'));
    });
  });
  return registration;
}

async function doSubscribe(api: ApiClient, queryClient: QueryClient): Promise<void> {
  if (!isCapable()) return;
  const publicKey = (await queryClient.fetchQuery(settingsQuery(api))).push_public_key;
  if (!publicKey) throw new Error('no_public_key');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    set({ state: permission === 'denied' ? 'denied' : 'not-subscribed' });
    return;
  }
  const registration = await activeRegistration();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey(publicKey),
    }));
  await api.post('user.php', { subscription: subscription.toJSON() }, { params: { push: 1 } });
  set({ state: 'subscribed' });
}

async function doUnsubscribe(api: ApiClient): Promise<void> {
  if (!isCapable()) return;
  const subscription = await (await pushRegistration())?.pushManager.getSubscription();
  if (subscription) {
    await api.delete('user.php', { params: { push: 1 }, data: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  set({ state: await readState() });
}

async function run(work: () => Promise<void>): Promise<void> {
  if (snapshot.isBusy) return;
  set({ isBusy: true, error: null });
  try {
    await work();
  } catch (error) {
    set({ error: error instanceof Error ? error.message : 'failed', state: await readState() });
  } finally {
    set({ isBusy: false });
  }
}

/**
 * This device's push notifications (spec §4, §7): the state, and subscribing or unsubscribing,
 * shared by every component of the tab. 'loading' until the browser has answered.
 */
export function usePushState(): PushControls {
  const api = useApi();
  const queryClient = useQueryClient();
  const current = useSyncExternalStore(
    subscribeStore,
    () => snapshot,
    () => SERVER_SNAPSHOT,
  );

  useEffect(() => {
    if (isChecked) return;
    isChecked = true;
    void check();
  }, []);

  const subscribe = useCallback(() => run(() => doSubscribe(api, queryClient)), [api, queryClient]);
  const unsubscribe = useCallback(() => run(() => doUnsubscribe(api)), [api]);
  return { ...current, subscribe, unsubscribe };
}
