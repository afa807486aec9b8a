'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useSyncExternalStore } from 'react';
import { shouldShowBackButton } from '@/lib/shared/navigation';
import { useIsStandalone } from '../hooks/use-standalone';

function subscribeToHistory(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
}

/** Back button of the installed app on the routes that have no other way back. */
export function BackButton() {
  const t = useTranslations('Common');
  const router = useRouter();
  const pathname = usePathname() ?? '';
  const isStandalone = useIsStandalone();
  const historyLength = useSyncExternalStore(
    subscribeToHistory,
    () => window.history.length,
    () => 0,
  );

  if (!shouldShowBackButton({ pathname, isStandalone, historyLength })) return null;
  return (
    <button type="button" className="btn btn-link text-body me-2 px-1" onClick={() => router.back()}>
      <span aria-hidden="true">‹</span> {t('back')}
    </button>
  );
}
