import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LoginForm } from '@/components/auth/login-form';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Login');
  return { title: t('title') };
}

/** Log in; afterwards to the members, or to the same-site page named by `redirect`. */
export default async function LoginPage(props: Props) {
  const t = await getTranslations('Login');
  const { redirect } = await props.searchParams;
  return (
    <div className="mx-auto" style={{ maxWidth: '28rem' }}>
      <h1 className="mb-4">{t('title')}</h1>
      <LoginForm redirect={typeof redirect === 'string' ? redirect : null} />
    </div>
  );
}
