'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useUser } from '@/lib/api/hooks';
import { queryKeys } from '@/lib/api/queries';
import { REFRESH } from '@/lib/shared/constants';

/** The logged-in member's data is refreshed 5 s after a page opens, then every 60 s (300 s with push). */
export function LoggedInRefresh(props: { isPushSubscribed?: boolean }) {
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const isLoggedIn = Boolean(user);
  const interval = props.isPushSubscribed ? REFRESH.pushIntervalMs : REFRESH.intervalMs;

  useEffect(() => {
    if (!isLoggedIn) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    let repeat: ReturnType<typeof setInterval> | undefined;
    const first = setTimeout(() => {
      refresh();
      repeat = setInterval(refresh, interval);
    }, REFRESH.startAfterMs);
    return () => {
      clearTimeout(first);
      clearInterval(repeat);
    };
  }, [isLoggedIn, interval, queryClient]);
  return null;
}
