'use client';

import { useSyncExternalStore } from 'react';

/**
 * Alerts and modals a member can dismiss (spec §4). Each dismissal is kept in localStorage under
 * its flag with the time (ms) it happened, and keeps the alert away afterwards.
 */
export const DISMISSAL_FLAGS = [
  'enrich-alert',
  'push-notification-alert',
  'disabled-notifications-alert',
  'time-bonus-modal',
] as const;
export type DismissalFlag = (typeof DISMISSAL_FLAGS)[number];

const listeners = new Set<() => void>();

export function readDismissedAt(flag: DismissalFlag): number | null {
  try {
    const value = Number(window.localStorage.getItem(flag) ?? Number.NaN);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/** Records a dismissal now; without storage (private mode) it lasts for this page view only. */
export function dismiss(flag: DismissalFlag, now = Date.now()): void {
  try {
    window.localStorage.setItem(flag, String(now));
  } catch {
    // Storage refused.
  }
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

/**
 * When the member dismissed `flag`, or null; undefined until the page has hydrated (the server
 * cannot know). Follows dismissals in this and other tabs.
 */
export function useDismissedAt(flag: DismissalFlag): number | null | undefined {
  return useSyncExternalStore(
    subscribe,
    () => readDismissedAt(flag),
    () => undefined,
  );
}
