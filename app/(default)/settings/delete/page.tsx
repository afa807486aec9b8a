import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { DeletionFlow } from '@/components/account/deletion-flow';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('AccountDeletion');
  return { title: t('title') };
}

/** Deleting the account: solutions, a reason, a retention offer, then the password to confirm. */
export default async function DeleteAccountPage() {
  const t = await getTranslations('AccountDeletion');
  return (
    <PageMessages page="settings/delete">
      <div className="mx-auto" style={{ maxWidth: '48rem' }}>
        <h1 className="mb-3">{t('title')}</h1>
        <DeletionFlow />
      </div>
    </PageMessages>
  );
}
