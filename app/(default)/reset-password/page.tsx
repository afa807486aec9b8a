import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ResetRequestForm } from '@/components/auth/reset-request-form';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ResetPassword');
  return { title: t('title') };
}

/** Forgotten password: a link to choose a new one is mailed to the account's address. */
export default async function ResetPasswordPage() {
  const t = await getTranslations('ResetPassword');
  return (
    <PageMessages page="reset-password">
      <div className="mx-auto" style={{ maxWidth: '28rem' }}>
        <h1>{t('title')}</h1>
        <p>{t('intro')}</p>
        <ResetRequestForm />
      </div>
    </PageMessages>
  );
}
