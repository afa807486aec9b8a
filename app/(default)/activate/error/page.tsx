import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ActivationErrorActions } from '@/components/auth/activation-views';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Errors');
  return { title: t('activation_failed') };
}

/** Where the activation link leads when it is expired or unknown. */
export default async function ActivationErrorPage() {
  const [t, tErrors] = await Promise.all([getTranslations('Activation'), getTranslations('Errors')]);
  return (
    <div className="mx-auto" style={{ maxWidth: '32rem' }}>
      <h1>{tErrors('activation_failed')}</h1>
      <p>{t('errorBody')}</p>
      <ActivationErrorActions />
    </div>
  );
}
