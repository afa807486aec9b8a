'use client';

import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/** False while rendering on the server and hydrating, true afterwards. */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** Bootstrap's md breakpoint: from 768 px wide the app counts as desktop. */
export const DESKTOP_MEDIA = '(min-width: 768px)';

export function matchesMedia(query: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(query).matches
    : false;
}

/** Whether a media query matches now; false on the server. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matchesMedia(query),
    () => false,
  );
}

/**
 * Moves focus to an element by id after the next render, once it exists and shows its new state
 * (an error, a new step). Returns the function that asks for it.
 */
export function useFocusRequest(): (id: string) => void {
  const [request, setRequest] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (!request) return;
    document.getElementById(request.id)?.focus();
  }, [request]);
  // A new object each time, so asking twice for the same element focuses it twice.
  return useCallback((id: string) => setRequest({ id }), []);
}
