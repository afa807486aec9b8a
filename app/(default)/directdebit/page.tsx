import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { MemberOnly } from '@/components/account/member-only';
import { DirectDebitForm } from '@/components/discounts/direct-debit-form';
import { PageMessages } from '@/components/providers/page-messages';

type Props = {
  searchParams: Promise<{
    bundle?: string | string[];
    country?: string | string[];
    code?: string | string[];
  }>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('DirectDebit');
  return { title: t('title'), robots: { index: false } };
}

/** This page with its query, to come back to after logging in. */
function here(query: Awaited<Props['searchParams']>): string {
  const params = new URLSearchParams();
  for (const name of ['bundle', 'country', 'code'] as const) {
    const value = first(query[name]);
    if (value) params.set(name, value);
  }
  const search = params.toString();
  return search ? `/directdebit?${search}` : '/directdebit';
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** `/directdebit?bundle=N&country=XX&code=…`: pay for a bundle by SEPA direct debit, confirmed by an SMS code. */
export default async function DirectDebitPage(props: Props) {
  const t = await getTranslations('DirectDebit');
  const query = await props.searchParams;
  const bundle = first(query.bundle);
  const country = first(query.country)?.toUpperCase();
  const code = first(query.code)?.trim();
  const isValid = bundle && /^[1-9]\d{0,8}$/.test(bundle) && country && /^[A-Z]{2}$/.test(country);
  return (
    <PageMessages page="directdebit">
      <div className="direct-debit">
        <h1 className="mb-3">{t('title')}</h1>
        <MemberOnly redirect={encodeURIComponent(here(query))} message={t('loginRequired')}>
          {isValid ? (
            <DirectDebitForm
              bundle={Number(bundle)}
              country={country}
              code={code && code.length <= 40 ? code : undefined}
            />
          ) : (
            <div className="alert alert-info">
              <p>{t('unavailable')}</p>
              <Link href="/credits" className="btn btn-primary">
                {t('chooseCredits')}
              </Link>
            </div>
          )}
        </MemberOnly>
      </div>
    </PageMessages>
  );
}
