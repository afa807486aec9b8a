import { getTranslations } from 'next-intl/server';
import { NotFoundContent } from '@/components/layout/not-found-content';

export async function generateMetadata() {
  const t = await getTranslations('ErrorPage');
  return { title: t('notFound') };
}

/**
 * The root's 404, part of every page's first load, so it brings no frame: addresses no route matches
 * reach the default layout's 404 through app/(default)/[...missing].
 */
export default function NotFound() {
  return (
    <main id="main-content" className="container">
      <NotFoundContent />
    </main>
  );
}
