'use client';

import { useEffect, useRef } from 'react';

/**
 * Calls `onNearEnd` when the element the returned ref is put on comes within 600 px of the screen:
 * the end of a list that loads its next page as the member scrolls.
 */
export function useNearEnd<T extends Element>(onNearEnd: () => void) {
  const sentinel = useRef<T>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onNearEnd();
      },
      { rootMargin: '600px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [onNearEnd]);
  return sentinel;
}
