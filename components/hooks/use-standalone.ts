'use client';

import { useSyncExternalStore } from 'react';

const QUERY = '(display-mode: standalone)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia?.(QUERY);
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
}

/** Whether the app runs installed (standalone display), as the PWA does. */
export function useIsStandalone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () =>
      window.matchMedia?.(QUERY).matches === true ||
      (navigator as { standalone?: boolean }).standalone === true,
    () => false,
  );
}
