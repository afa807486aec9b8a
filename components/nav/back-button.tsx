'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { shouldShowBackButton } from '@/lib/shared/navigation';
import { useIsStandalone } from '../hooks/use-standalone';

/** Back button of the installed app on the routes that have no other way back. */
export function BackButton() {
  const t = useTranslations('Common');
  const router = useRouter();
  const pathname = usePathname();
  const isStandalone = useIsStandalone();
  const [historyLength, setHistoryLength] = useState(0);
  useEffect(() => setHistoryLength(window.history.length), [pathname]);

  if (!shouldShowBackButton({ pathname, isStandalone, historyLength })) return null;
  return (
    <button type="button" className="btn btn-link text-body me-2 px-1" onClick={() => router.back()}>
      <span aria-hidden="true">‹</span> {t('back')}
    </button>
  );
}
