'use client';

import { useEffect } from 'react';
import { useNavCounts } from '@/lib/api/likes';

const PREFIX = /^\(\d+\) /;

type BadgingNavigator = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/**
 * The installed app's icon badge shows the same count, where the device supports it (spec §4); a
 * browser that badges from the service worker only gets it there (public/sw-push.js, which also
 * sets it when a push arrives).
 */
function setAppBadge(count: number) {
  const nav = navigator as BadgingNavigator;
  if (!nav.setAppBadge || !nav.clearAppBadge) {
    nav.serviceWorker?.controller?.postMessage({ type: 'badge', count });
    return;
  }
  void (count > 0 ? nav.setAppBadge(count) : nav.clearAppBadge()).catch(() => undefined);
}

/**
 * Prefixes the page title with "(n) ", n being unread messages plus new likes (spec §2), and keeps
 * it there when a navigation sets a new title; the app badge shows n too.
 */
export function TitleCount() {
  const { unreadMessages, newLikes } = useNavCounts();
  const count = unreadMessages + newLikes;
  useEffect(() => setAppBadge(count), [count]);
  useEffect(() => {
    const apply = () => {
      const bare = document.title.replace(PREFIX, '');
      const next = count > 0 ? `(${count}) ${bare}` : bare;
      if (document.title !== next) document.title = next;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => observer.disconnect();
  }, [count]);
  return null;
}
