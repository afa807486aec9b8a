import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { PageMessages } from '@/components/providers/page-messages';
import { UnsubscribeConfirm } from '@/components/unsubscribe/unsubscribe-confirm';
import { pageServices } from '@/lib/server/pages/page-services';
import { hasFeaturePage } from '@/lib/shared/feature-pages';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Unsubscribe');
  // The token is in the URL: it must not travel on to other sites as the referrer, nor be indexed.
  return { title: t('title'), referrer: 'no-referrer', robots: { index: false, follow: false } };
}

/**
 * The unsubscribe link of a notification mail: shows which mails stop for which address and asks
 * to confirm; works without logging in (the signed token is the permission).
 */
export default async function UnsubscribePage(props: Props) {
  const t = await getTranslations('Unsubscribe');
  const { token } = await props.searchParams;
  const given = typeof token === 'string' ? token : '';
  const request = given ? await pageServices().getUnsubscribeRequest({ token: given }) : null;
  return (
    <PageMessages page="unsubscribe">
      <div className="mx-auto" style={{ maxWidth: '32rem' }}>
        <h1>{t('title')}</h1>
        {request ? (
          <UnsubscribeConfirm
            token={given}
            kind={request.kind}
            email={request.maskedEmail}
            isOff={request.isOff}
          />
        ) : (
          <>
            <div className="alert alert-warning" role="alert">
              {t('invalid')}
            </div>
            {hasFeaturePage('/notifications') && (
              <Link href="/notifications" className="btn btn-primary">
                {t('manage')}
              </Link>
            )}
          </>
        )}
      </div>
    </PageMessages>
  );
}
