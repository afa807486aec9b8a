import { getTranslations } from 'next-intl/server';
import { NotFoundContent } from '@/components/layout/not-found-content';

export async function generateMetadata() {
  const t = await getTranslations('ErrorPage');
  return { title: t('notFound') };
}

/** 404 of a page of this layout (an unknown member or page): the layout's shell is already around it. */
export default function NotFound() {
  return <NotFoundContent />;
}
