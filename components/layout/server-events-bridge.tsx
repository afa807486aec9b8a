'use client';

import { useEffect, useRef } from 'react';
import { useApi } from '@/lib/api/api-context';
import { useCacheUpdates } from '@/lib/api/cache-updates';
import { isAuthenticationRequired } from '@/lib/api/errors';
import { EVENTS_OPEN_DELAY_MS, openEventStream, type EventStreamOptions } from '@/lib/api/event-stream';
import { useUser } from '@/lib/api/hooks';
import { applyServerEvent } from '@/lib/api/server-events';
import { REFRESH } from '@/lib/shared/constants';
import { tabChatState, useChatStoreApi } from '../chat/use-chat-store';
import { pageHoles } from '../providers/page-holes';
import { usePushState } from '../push/use-push-state';

/**
 * One per tab: turns what the server tells this tab into cache updates (lib/api/server-events.ts).
 * For a logged-in member it keeps the event stream open from a moment after the page has loaded
 * (messages arrive at once, also in a hidden tab) and, as the spec's logged-in refresh says, asks 5 s after a page opens, then every 60 s
 * (300 s once this device is subscribed to push), which also covers whatever a dropped stream missed.
 */
export function ServerEventsBridge(props: {
  isPushSubscribed?: boolean;
  /** When the page's data was read on the server: the stream's first connection replays from then. */
  since?: number;
}) {
  const push = usePushState();
  const updates = useCacheUpdates();
  const chatStore = useChatStoreApi();
  const api = useApi();
  const { data: user } = useUser();
  const isLoggedIn = Boolean(user);
  const isPushSubscribed = props.isPushSubscribed ?? push.state === 'subscribed';
  const interval = isPushSubscribed ? REFRESH.pushIntervalMs : REFRESH.intervalMs;
  const hasStarted = useRef(false);
  // The page this tab first loaded: later pages of the tab keep the stream it opened.
  // (The holes of a page rendered once for the viewer's class say when the viewer's data was read.)
  const since = useRef(pageHoles()?.since ?? props.since);

  useEffect(() => {
    if (!isLoggedIn) {
      hasStarted.current = false;
      return;
    }
    const refresh = () => {
      applyServerEvent(updates, { type: 'user-changed' });
      applyServerEvent(updates, { type: 'likes-changed' });
    };
    let repeat: ReturnType<typeof setInterval> | undefined;
    const repeatEvery = () => {
      repeat = setInterval(refresh, interval);
    };
    // Once running, a new interval (push switched on or off) takes over without a new start.
    const first = hasStarted.current
      ? undefined
      : setTimeout(() => {
          hasStarted.current = true;
          refresh();
          repeatEvery();
        }, REFRESH.startAfterMs);
    if (hasStarted.current) repeatEvery();
    return () => {
      clearTimeout(first);
      clearInterval(repeat);
    };
  }, [isLoggedIn, interval, updates]);

  useEffect(() => {
    if (!isLoggedIn || typeof EventSource === 'undefined') return;
    const tab = tabChatState(chatStore);
    const options: EventStreamOptions = {
      since: since.current,
      onEvent: (event) => applyServerEvent(updates, event, tab),
      // user.php answers authentication_required once the session has ended.
      isLoggedOut: () =>
        api.get('user.php').then(
          () => false,
          (error: unknown) => isAuthenticationRequired(error),
        ),
      // Logged out silently, as any refused call of a logged-in member is (spec §8).
      onLoggedOut: () => {
        updates.loggedOut();
        void api.post('logout.php').catch(() => undefined);
      },
    };
    let stream: ReturnType<typeof openEventStream> | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      timer = setTimeout(() => {
        stream = openEventStream(options);
      }, EVENTS_OPEN_DELAY_MS);
    };
    if (document.readyState === 'complete') open();
    else window.addEventListener('load', open, { once: true });
    return () => {
      window.removeEventListener('load', open);
      clearTimeout(timer);
      stream?.close();
    };
  }, [isLoggedIn, updates, api, chatStore]);
  return null;
}
