'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { LOADING_BAR } from '@/lib/shared/constants';
import { loadingBarProgress } from '@/lib/shared/loading-bar';

function isInternalNavigation(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return false;
  }
  const anchor = (event.target as Element | null)?.closest?.('a');
  if (!anchor || anchor.target === '_blank' || anchor.hasAttribute('download')) return false;
  const url = new URL(anchor.href, window.location.href);
  return url.origin === window.location.origin && (url.pathname !== window.location.pathname || url.search !== window.location.search);
}

/**
 * A thin bar at the top while a page loads: it appears only after 200 ms, creeps over 5 s and
 * hides 500 ms after the new page is there.
 */
export function LoadingBar() {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [progress, setProgress] = useState(0);
  const [visible, setVisible] = useState(false);
  const first = useRef(true);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (isInternalNavigation(event)) setStartedAt(Date.now());
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    setStartedAt(null);
  }, [pathname, searchParams]);

  useEffect(() => {
    if (startedAt === null) {
      if (!visible) return;
      setProgress(100);
      const hide = setTimeout(() => {
        setVisible(false);
        setProgress(0);
      }, LOADING_BAR.hideAfterMs);
      return () => clearTimeout(hide);
    }
    const tick = setInterval(() => {
      const value = loadingBarProgress(Date.now() - startedAt);
      if (value > 0) {
        setVisible(true);
        setProgress(value);
      }
    }, 100);
    return () => clearInterval(tick);
  }, [startedAt, visible]);

  if (!visible) return null;
  return (
    <div
      className="loading-bar"
      role="progressbar"
      aria-label="Loading"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      style={{ width: `${progress}%`, opacity: progress >= 100 ? 0 : 1 }}
    />
  );
}
