import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SignupPageView } from '@/components/auth/signup-page-view';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Signup');
  return { title: t('title') };
}

/** Signup in the page: where smartphones sign up (desktops get the same steps in a dialog). */
export default async function SignupPage() {
  const t = await getTranslations('Signup');
  return (
    <div className="mx-auto" style={{ maxWidth: '32rem' }}>
      <h1 className="mb-4">{t('title')}</h1>
      <SignupPageView />
    </div>
  );
}
