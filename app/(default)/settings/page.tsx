import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SettingsView } from '@/components/account/settings-view';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('AccountSettings');
  return { title: t('title') };
}

/** The member's account settings: e-mail address, password, passkeys, language, deleting the account. */
export default async function SettingsPage() {
  const t = await getTranslations('AccountSettings');
  return (
    <PageMessages page="settings">
      <div className="mx-auto" style={{ maxWidth: '40rem' }}>
        <h1 className="mb-4">{t('title')}</h1>
        <SettingsView />
      </div>
    </PageMessages>
  );
}
