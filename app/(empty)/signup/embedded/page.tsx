import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SignupEmbedded } from '@/components/auth/signup-embedded';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Signup');
  return { title: t('title'), robots: { index: false } };
}

/**
 * The signup steps alone, for the landers' signup dialog on desktops: the lander (a page without
 * the application's scripts) shows this page in its dialog when a visitor asks to sign up, so the
 * scripts of the signup load only then. `next` is where the new member goes on to.
 */
export default async function SignupEmbeddedPage(props: Props) {
  const { next } = await props.searchParams;
  return <SignupEmbedded next={typeof next === 'string' ? next : null} />;
}
