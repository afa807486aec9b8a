'use client';

import { useEffect } from 'react';
import { useNavCounts } from '@/lib/api/likes';

const PREFIX = /^\(\d+\) /;

/**
 * Prefixes the page title with "(n) ", n being unread messages plus new likes (spec §2), and keeps
 * it there when a navigation sets a new title.
 */
export function TitleCount() {
  const { unreadMessages, newLikes } = useNavCounts();
  const count = unreadMessages + newLikes;
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
