'use client';

import dynamic from 'next/dynamic';
import { useSearchParams } from 'next/navigation';
import { useCallback, useState } from 'react';
import { useUser } from '@/lib/api/hooks';
import { LIKE_MODAL_MAX_SECONDS, LIKE_MODAL_QUERY } from '@/lib/shared/values/likes';

// The modal and its call load only when a page is opened with `t`.
const AutoLikeModal = dynamic(() => import('./auto-like-modal'), { ssr: false });

/** Seconds asked for by `t` in a query string: a whole number ≥ 0 (capped), or null. */
export function readLikeModalDelay(search: string): number | null {
  const raw = new URLSearchParams(search).get(LIKE_MODAL_QUERY);
  if (raw === null || !/^\d{1,6}$/.test(raw.trim())) return null;
  return Math.min(Number(raw.trim()), LIKE_MODAL_MAX_SECONDS);
}

/**
 * Query `t` (spec §4): on any page a logged-in member opens with `?t=n`, the like modal shows an
 * auto-like after n seconds, and `t` leaves the URL.
 */
export function AutoLike() {
  const delay = readLikeModalDelay(useSearchParams()?.toString() ?? '');
  const { data: user } = useUser();
  const [seen, setSeen] = useState<number | null>(null);
  const [seconds, setSeconds] = useState<number | null>(null);
  // A new `t` starts a request; `t` leaving the URL (the modal took it out) ends none.
  if (delay !== seen) {
    setSeen(delay);
    if (delay !== null && user) setSeconds(delay);
  }
  const done = useCallback(() => setSeconds(null), []);
  if (seconds === null) return null;
  return <AutoLikeModal seconds={seconds} param={LIKE_MODAL_QUERY} onDone={done} />;
}
