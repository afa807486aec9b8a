import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MailChangeConfirm } from '@/components/account/mail-change-confirm';
import { PageMessages } from '@/components/providers/page-messages';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('MailChange');
  // The token is in the URL: it must not travel on to other sites as the referrer.
  return { title: t('title'), referrer: 'no-referrer' };
}

/** The mailed link's page: confirms the new e-mail address. */
export default async function MailChangeDoPage(props: Props) {
  const t = await getTranslations('MailChange');
  const { token } = await props.searchParams;
  return (
    <PageMessages page="mail-change/do">
      <div className="mx-auto" style={{ maxWidth: '32rem' }}>
        <h1>{t('title')}</h1>
        <MailChangeConfirm token={typeof token === 'string' && token ? token : null} />
      </div>
    </PageMessages>
  );
}
