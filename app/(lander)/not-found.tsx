import { getTranslations } from 'next-intl/server';
import { NotFoundContent } from '@/components/layout/not-found-content';

export async function generateMetadata() {
  const t = await getTranslations('ErrorPage');
  return { title: t('notFound') };
}

/** 404 of a lander or member landing (an unknown, hidden or blocked member): in the lander's frame. */
export default function NotFound() {
  return (
    <div className="container py-5">
      <NotFoundContent />
    </div>
  );
}
