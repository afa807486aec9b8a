import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Pricing } from '@/components/payments/pricing';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Payments');
  return { title: t('pricingTitle'), description: t('pricingIntro') };
}

/** `/pricing`: bundles and prices for the visitor's country (visitors too). */
export default function PricingPage() {
  return (
    <PageMessages page="pricing">
      <Pricing />
    </PageMessages>
  );
}
