'use client';

import { useEffect } from 'react';
import { useCacheUpdates } from '@/lib/api/cache-updates';
import { useUser } from '@/lib/api/hooks';
import { applyServerEvent } from '@/lib/api/server-events';
import { REFRESH } from '@/lib/shared/constants';

/**
 * One per tab: turns what the server tells this tab into cache updates (lib/api/server-events.ts).
 * For a logged-in member it asks 5 s after a page opens, then every 60 s (300 s with push), as the
 * spec's logged-in refresh says; an event stream, when there is one, delivers into the same place.
 */
export function ServerEventsBridge(props: { isPushSubscribed?: boolean }) {
  const updates = useCacheUpdates();
  const { data: user } = useUser();
  const isLoggedIn = Boolean(user);
  const interval = props.isPushSubscribed ? REFRESH.pushIntervalMs : REFRESH.intervalMs;

  useEffect(() => {
    if (!isLoggedIn) return;
    const refresh = () => {
      applyServerEvent(updates, { type: 'user-changed' });
      applyServerEvent(updates, { type: 'likes-changed' });
    };
    let repeat: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(() => {
      refresh();
      repeat = setInterval(refresh, interval);
    }, REFRESH.startAfterMs);
    return () => {
      clearTimeout(first);
      clearInterval(repeat);
    };
  }, [isLoggedIn, interval, updates]);
  return null;
}
