import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { MemberOnly } from '@/components/account/member-only';
import { PaymentStatus } from '@/components/payments/payment-status';
import { PageMessages } from '@/components/providers/page-messages';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Payments');
  return { title: t('statusTitle'), robots: { index: false } };
}

/** `/transactions/{id}`: the payment status page, and the receipt once it is paid. */
export default async function PaymentStatusPage(props: Props) {
  const [{ id }, t] = await Promise.all([props.params, getTranslations('Payments')]);
  if (!/^\d{1,12}$/.test(id)) notFound();
  return (
    <PageMessages page="transactions/[id]">
      <MemberOnly redirect={`/transactions/${id}`} message={t('loginToBuy')}>
        <PaymentStatus id={Number(id)} />
      </MemberOnly>
    </PageMessages>
  );
}
