'use client';

import { useEffect } from 'react';
import { isChunkLoadError, shouldReloadAfterChunkError } from '@/lib/shared/navigation';

const KEY = 'chunk-reload-at';

/** Reloads the page once when a route's code chunk fails to load, at most once a minute. */
export function reloadAfterChunkError(
  error: unknown,
  storage: Storage,
  reload: () => void,
  now = Date.now(),
): boolean {
  if (!isChunkLoadError(error)) return false;
  const last = Number.parseInt(storage.getItem(KEY) ?? '', 10);
  if (!shouldReloadAfterChunkError(now, Number.isFinite(last) ? last : null)) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}

export function ChunkReload() {
  useEffect(() => {
    const reload = () => window.location.reload();
    const onError = (event: ErrorEvent) =>
      reloadAfterChunkError(event.error ?? event.message, sessionStorage, reload);
    const onRejection = (event: PromiseRejectionEvent) =>
      reloadAfterChunkError(event.reason, sessionStorage, reload);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}
