import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NotificationSettings } from '@/components/notifications/notification-settings';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('NotificationSettings');
  return { title: t('title') };
}

/** `/notifications`: which kinds of notifications reach the member by e-mail and by push. */
export default async function NotificationsPage() {
  const t = await getTranslations('NotificationSettings');
  return (
    <PageMessages page="notifications">
      <div className="notif-page mx-auto">
        <h1 className="mb-2">{t('title')}</h1>
        <p className="notif-intro">{t('intro')}</p>
        <NotificationSettings />
      </div>
    </PageMessages>
  );
}
