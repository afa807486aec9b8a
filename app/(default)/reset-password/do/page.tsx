import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { PageMessages } from '@/components/providers/page-messages';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('ResetPassword');
  // The token is in the URL: it must not travel on to other sites as the referrer.
  return { title: t('newTitle'), referrer: 'no-referrer' };
}

/** The mailed link's page: choose the new password. */
export default async function ResetPasswordDoPage(props: Props) {
  const t = await getTranslations('ResetPassword');
  const { token } = await props.searchParams;
  return (
    <PageMessages page="reset-password/do">
      <div className="mx-auto" style={{ maxWidth: '28rem' }}>
        <h1>{t('newTitle')}</h1>
        <ResetPasswordForm token={typeof token === 'string' && token ? token : null} />
      </div>
    </PageMessages>
  );
}
