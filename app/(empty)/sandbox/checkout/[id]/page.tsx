import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { SandboxCheckout } from '@/components/payments/sandbox-checkout';
import { PageMessages } from '@/components/providers/page-messages';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Payments');
  return { title: t('sandboxTitle'), robots: { index: false, follow: false } };
}

/** `/sandbox/checkout/{id}`: the test payment service's checkout page, for the payer's own session. */
export default async function SandboxCheckoutPage(props: Props) {
  const { id } = await props.params;
  if (!/^tr_sbx_[A-Za-z0-9]{6,40}$/.test(id)) notFound();
  return (
    <PageMessages page="sandbox/checkout/[id]">
      <SandboxCheckout id={id} />
    </PageMessages>
  );
}
