import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MemberOnly } from '@/components/account/member-only';
import { CreditsOverview } from '@/components/payments/credits-overview';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Payments');
  return { title: t('creditsTitle'), robots: { index: false } };
}

/** `/credits`: the bundles of the payment country; a visitor is asked to log in and come back. */
export default async function CreditsPage() {
  const t = await getTranslations('Payments');
  return (
    <PageMessages page="credits">
      <MemberOnly redirect="/credits" message={t('loginToBuy')}>
        <CreditsOverview />
      </MemberOnly>
    </PageMessages>
  );
}
