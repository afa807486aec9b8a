import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Logo } from '@/components/brand/logo';
import { OfflineRetry } from '@/components/push/offline-retry';
import { getPageContext } from '@/lib/server/pages/page-context';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('OfflinePage');
  return { title: t('title'), robots: { index: false, follow: false } };
}

/**
 * What the installed app shows when a page cannot load for want of a network: the service worker
 * (public/sw-push.js) keeps this page and answers failed navigations with it. It is rendered as for
 * a visitor (proxy.ts drops the session for it), so the kept copy holds nobody's data.
 */
export default async function OfflinePage() {
  const [t, { settings }] = await Promise.all([getTranslations('OfflinePage'), getPageContext()]);
  return (
    <div className="offline-page">
      <Logo name={settings.name} size={40} className="offline-logo" />
      <section className="empty-state offline-card" aria-labelledby="offline-title">
        <span className="empty-state-icon" aria-hidden="true">
          <svg
            width="28"
            height="28"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            focusable="false"
          >
            <path d="M2 8.8a15 15 0 0 1 4.2-2.6M22 8.8A15 15 0 0 0 10.7 5.1M5 12.5a10 10 0 0 1 3.6-2.1M19 12.5a10 10 0 0 0-2.1-1.5M8.5 16a5 5 0 0 1 6.2-.6" />
            <path d="M12 20h.01M3 3l18 18" />
          </svg>
        </span>
        <h1 id="offline-title" className="empty-state-title h3">
          {t('title')}
        </h1>
        <p className="text-body-secondary mb-4">{t('body')}</p>
        <OfflineRetry label={t('retry')} />
      </section>
    </div>
  );
}
