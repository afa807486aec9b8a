import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MemberOnly } from '@/components/account/member-only';
import { TransactionsList } from '@/components/payments/transactions-list';
import { PageMessages } from '@/components/providers/page-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Payments');
  return { title: t('transactionsTitle'), robots: { index: false } };
}

/** `/transactions`: the member's purchases, each opening its receipt. */
export default async function TransactionsPage() {
  const t = await getTranslations('Payments');
  return (
    <PageMessages page="transactions">
      <MemberOnly redirect="/transactions" message={t('loginToBuy')}>
        <TransactionsList />
      </MemberOnly>
    </PageMessages>
  );
}
