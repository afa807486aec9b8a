import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ActivationDoneActions } from '@/components/auth/activation-views';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Activation');
  return { title: t('doneTitle') };
}

/** Where the activation link leads when the address was confirmed. */
export default async function ActivationDonePage() {
  const t = await getTranslations('Activation');
  return (
    <div className="mx-auto" style={{ maxWidth: '32rem' }}>
      <h1>{t('doneTitle')}</h1>
      <p>{t('doneBody')}</p>
      <ActivationDoneActions />
    </div>
  );
}
