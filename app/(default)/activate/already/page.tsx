import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ActivationDoneActions } from '@/components/auth/activation-views';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Activation');
  return { title: t('alreadyTitle') };
}

/** Where an activation link leads when it was used before and the address is confirmed. */
export default async function ActivationAlreadyPage() {
  const t = await getTranslations('Activation');
  return (
    <div className="mx-auto" style={{ maxWidth: '32rem' }}>
      <h1>{t('alreadyTitle')}</h1>
      <p>{t('alreadyBody')}</p>
      <ActivationDoneActions />
    </div>
  );
}
