import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { MemberOnly } from '@/components/account/member-only';
import { Checkout } from '@/components/payments/checkout';
import { PageMessages } from '@/components/providers/page-messages';

type Props = {
  params: Promise<{ id: string; paymentmethod?: string[] }>;
  searchParams: Promise<{ country?: string | string[]; code?: string | string[] }>;
};

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Payments');
  return { title: t('checkoutTitle'), robots: { index: false } };
}

const one = (value: string | string[] | undefined) => (typeof value === 'string' && value ? value : null);

/** `/credits/{id}/{paymentmethod?}`: checkout of one bundle; the method in the address is chosen already. */
export default async function CheckoutPage(props: Props) {
  const [{ id, paymentmethod }, query, t] = await Promise.all([
    props.params,
    props.searchParams,
    getTranslations('Payments'),
  ]);
  const bundle = Number(id);
  if (!/^\d{1,9}$/.test(id) || bundle < 1 || (paymentmethod?.length ?? 0) > 1) notFound();
  const country = one(query.country);
  return (
    <PageMessages page="credits/[id]/[[...paymentmethod]]">
      <div className="money-page is-narrow">
        <h1 className="money-title">{t('checkoutTitle')}</h1>
        <MemberOnly redirect={`/credits/${bundle}`} message={t('loginToBuy')}>
          <Checkout
            bundle={bundle}
            method={paymentmethod?.[0] ?? null}
            country={country && /^[A-Z]{2}$/.test(country) ? country : null}
            code={one(query.code)}
          />
        </MemberOnly>
      </div>
    </PageMessages>
  );
}
