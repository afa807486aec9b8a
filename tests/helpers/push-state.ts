import { useSyncExternalStore } from 'react';
import { vi } from 'vitest';
import type { PushControls, PushState } from '@/components/push/use-push-state';

/**
 * A stand-in for this device's push state (components/push/use-push-state.ts), for jsdom, which has
 * no service workers: a test sets the state, and `subscribe` ends in what `onSubscribe` says.
 */
export const pushDevice = {
  state: 'not-subscribed' as PushState,
  isBusy: false,
  error: null as string | null,
  /** What subscribing leads to: the browser's answer, or a failure. */
  onSubscribe: 'subscribed' as PushState | 'fails',
  subscribe: vi.fn<() => Promise<void>>(),
  unsubscribe: vi.fn<() => Promise<void>>(),
  listeners: new Set<() => void>(),
  set(change: { state?: PushState; isBusy?: boolean; error?: string | null }): void {
    Object.assign(pushDevice, change);
    pushDevice.version += 1;
    for (const listener of pushDevice.listeners) listener();
  },
  version: 0,
  reset(): void {
    pushDevice.state = 'not-subscribed';
    pushDevice.isBusy = false;
    pushDevice.error = null;
    pushDevice.onSubscribe = 'subscribed';
    pushDevice.subscribe.mockReset();
    pushDevice.unsubscribe.mockReset();
    pushDevice.subscribe.mockImplementation(() => {
      if (pushDevice.onSubscribe === 'fails') pushDevice.set({ error: 'failed' });
      else pushDevice.set({ state: pushDevice.onSubscribe, error: null });
      return Promise.resolve();
    });
    pushDevice.unsubscribe.mockImplementation(() => {
      pushDevice.set({ state: 'not-subscribed' });
      return Promise.resolve();
    });
  },
};
pushDevice.reset();

/** The module's replacement: `vi.mock('@/components/push/use-push-state', () => pushStateModule)`. */
export const pushStateModule = {
  usePushState(): PushControls {
    useSyncExternalStore(
      (onChange) => {
        pushDevice.listeners.add(onChange);
        return () => pushDevice.listeners.delete(onChange);
      },
      () => pushDevice.version,
    );
    return {
      state: pushDevice.state,
      isBusy: pushDevice.isBusy,
      error: pushDevice.error,
      subscribe: pushDevice.subscribe,
      unsubscribe: pushDevice.unsubscribe,
    };
  },
};
