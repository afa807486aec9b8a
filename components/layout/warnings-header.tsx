'use client';

import { useTranslations } from 'next-intl';
import { useSyncExternalStore } from 'react';

const noop = () => () => undefined;

/** Problems in the visitor's browser that stop the site from working, shown above the page. */
export function WarningsHeader() {
  const t = useTranslations('Warnings');
  const cookiesDisabled = useSyncExternalStore(
    noop,
    () => !navigator.cookieEnabled,
    () => false,
  );
  return (
    <div className="warnings-header">
      <noscript>
        <div className="alert alert-warning rounded-0 mb-0 text-center">{t('noScript')}</div>
      </noscript>
      {cookiesDisabled && (
        <div className="alert alert-warning rounded-0 mb-0 text-center" role="alert">
          {t('cookiesDisabled')}
        </div>
      )}
    </div>
  );
}
