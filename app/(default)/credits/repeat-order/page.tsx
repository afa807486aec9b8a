import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MemberOnly } from '@/components/account/member-only';
import { RepeatOrder } from '@/components/payments/repeat-order';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Payments');
  return { title: t('repeatTitle'), robots: { index: false } };
}

/** `/credits/repeat-order`: the last bundle again in one step, with the stored mandate. */
export default async function RepeatOrderPage() {
  const t = await getTranslations('Payments');
  return (
    <PageMessages page="credits/repeat-order">
      <div className="money-page is-narrow">
        <h1 className="money-title">{t('repeatTitle')}</h1>
        <MemberOnly redirect="/credits/repeat-order" message={t('loginToBuy')}>
          <RepeatOrder />
        </MemberOnly>
      </div>
    </PageMessages>
  );
}
