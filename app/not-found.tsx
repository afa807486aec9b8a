import { getTranslations } from 'next-intl/server';
import { DefaultShell } from '@/components/layout/default-shell';
import { NotFoundContent } from '@/components/layout/not-found-content';

export async function generateMetadata() {
  const t = await getTranslations('ErrorPage');
  return { title: t('notFound') };
}

/** 404 for an address no route matches: only the root layout is around it, so it brings the shell. */
export default function NotFound() {
  return (
    <DefaultShell>
      <NotFoundContent />
    </DefaultShell>
  );
}
