'use client';

import { useTranslations } from 'next-intl';
import { useSettings } from '@/lib/api/hooks';

/** The fictional-profile disclosure from the site's settings, as a standalone block. */
export function Disclaimer() {
  const t = useTranslations('Footer');
  const { data: settings } = useSettings();
  if (!settings?.fictional_warning) return null;
  return (
    <aside className="container small text-body-secondary mt-3" aria-label={t('disclaimerTitle')}>
      {settings.fictional_warning}
    </aside>
  );
}
