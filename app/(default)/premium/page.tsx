import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PremiumOverview } from '@/components/payments/premium-overview';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Payments');
  return { title: t('premiumTitle'), robots: { index: false } };
}

/** `/premium`: the premium package overview. */
export default function PremiumPage() {
  return (
    <PageMessages page="premium">
      <PremiumOverview />
    </PageMessages>
  );
}
