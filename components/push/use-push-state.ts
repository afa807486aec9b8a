'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useSyncExternalStore } from 'react';
import { useApi } from '@/lib/api/api-context';
import { useSettings } from '@/lib/api/hooks';
import {
  getPushSnapshot,
  getServerPushSnapshot,
  subscribePush,
  subscribeToPushState,
  unsubscribePush,
  type PushState,
} from './push-subscription';

export type { PushState };

/**
 * This browser's web push (spec §4 "Push"): `unsupported` without the Push API, `denied` when the
 * member blocked notifications, `subscribed` or `not-subscribed`, `loading` until known.
 * `subscribe()` asks for permission, subscribes with the site's key and registers the subscription
 * (`POST /api/user.php?push=1`); `unsubscribe()` ends it. `error` is the last failure, worded.
 */
export interface PushControls {
  state: PushState;
  /** Asks the browser's permission, subscribes this device and registers it with the server. */
  subscribe(): Promise<void>;
  /** Ends this device's subscription, at the server and in the browser. */
  unsubscribe(): Promise<void>;
  /** A subscribe or unsubscribe is under way. */
  isBusy: boolean;
  /** Why the last subscribe or unsubscribe failed, in the member's language, or null. */
  error: string | null;
}

export function usePushState(): PushControls {
  const t = useTranslations('PushState');
  const api = useApi();
  const publicKey = useSettings().data?.push_public_key ?? null;
  const snapshot = useSyncExternalStore(subscribeToPushState, getPushSnapshot, getServerPushSnapshot);
  const subscribe = useCallback(() => subscribePush(api, publicKey), [api, publicKey]);
  const unsubscribe = useCallback(() => unsubscribePush(api), [api]);
  return {
    state: snapshot.state,
    subscribe,
    unsubscribe,
    isBusy: snapshot.isBusy,
    error: snapshot.error ? t(snapshot.error) : null,
  };
}
