import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CompleteSignupView } from '@/components/auth/complete-signup-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Activation');
  return { title: t('confirmTitle') };
}

/** The complete step of signup for a member who has not confirmed the e-mail address yet. */
export default function CompleteSignupPage() {
  return (
    <div className="mx-auto" style={{ maxWidth: '32rem' }}>
      <CompleteSignupView />
    </div>
  );
}
