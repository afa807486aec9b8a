'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { LOADING_BAR } from '@/lib/shared/constants';
import { loadingBarProgress } from '@/lib/shared/loading-bar';

function isInternalNavigation(event: MouseEvent): boolean {
  if (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey
  ) {
    return false;
  }
  const anchor = event.target instanceof Element ? event.target.closest('a') : null;
  if (!anchor || anchor.target === '_blank' || anchor.hasAttribute('download')) return false;
  const url = new URL(anchor.href, window.location.href);
  return (
    url.origin === window.location.origin &&
    (url.pathname !== window.location.pathname || url.search !== window.location.search)
  );
}

/**
 * A thin bar at the top while a page loads: it appears only after 200 ms, creeps over 5 s and
 * hides 500 ms after the new page is there.
 */
export function LoadingBar() {
  const t = useTranslations('Common');
  const route = `${usePathname() ?? ''}?${useSearchParams()?.toString() ?? ''}`;
  const [navigation, setNavigation] = useState<{ startedAt: number; from: string } | null>(null);
  const [progress, setProgress] = useState(0);
  const [isVisible, setVisible] = useState(false);
  // Loading lasts until the route differs from the one the click left.
  const isLoading = navigation !== null && navigation.from === route;

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (isInternalNavigation(event)) {
        setNavigation({
          startedAt: Date.now(),
          from: `${window.location.pathname}?${new URLSearchParams(window.location.search).toString()}`,
        });
      }
    };
    // Captured before React's handlers: a Link cancels the browser's navigation (defaultPrevented)
    // to route on the client, which a listener in the bubbling phase would take for a cancelled click.
    document.addEventListener('click', onClick, { capture: true });
    return () => document.removeEventListener('click', onClick, { capture: true });
  }, []);

  useEffect(() => {
    if (isLoading) {
      const tick = setInterval(() => {
        const value = loadingBarProgress(Date.now() - navigation.startedAt);
        if (value > 0) {
          setVisible(true);
          setProgress(value);
        }
      }, 100);
      return () => clearInterval(tick);
    }
    if (!isVisible) return;
    const hide = setTimeout(() => {
      setVisible(false);
      setProgress(0);
      setNavigation(null);
    }, LOADING_BAR.hideAfterMs);
    return () => clearTimeout(hide);
  }, [isLoading, isVisible, navigation]);

  if (!isVisible) return null;
  const shown = isLoading ? progress : 100;
  return (
    <div
      className="loading-bar"
      role="progressbar"
      aria-label={t('loading')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(shown)}
      style={{ width: `${shown}%`, opacity: shown >= 100 ? 0 : 1 }}
    />
  );
}
