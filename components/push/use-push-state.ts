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
export function usePushState(): {
  state: PushState;
  subscribe(): Promise<void>;
  unsubscribe(): Promise<void>;
  isBusy: boolean;
  error: string | null;
} {
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
