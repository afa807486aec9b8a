import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SignupPageView } from '@/components/auth/signup-page-view';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Signup');
  return { title: t('title') };
}

/**
 * Signup in the page: where smartphones sign up (desktops get the same steps in a dialog). A member
 * landing adds `next`, the member's page or chat, where the new member goes on to.
 */
export default async function SignupPage(props: Props) {
  const [t, { next }] = await Promise.all([getTranslations('Signup'), props.searchParams]);
  return (
    <div className="mx-auto" style={{ maxWidth: '32rem' }}>
      <h1 className="mb-4">{t('title')}</h1>
      <SignupPageView next={typeof next === 'string' ? next : null} />
    </div>
  );
}
