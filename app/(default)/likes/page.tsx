import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageMessages } from '@/components/providers/page-messages';
import { LikesPage } from './likes-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Likes');
  return { title: t('title'), robots: { index: false } };
}

/** `/likes`: the likes overview on its first tab, the likes the member received. */
export default function LikesIndexPage() {
  return (
    <PageMessages page="likes">
      <LikesPage type="received" path="/likes" />
    </PageMessages>
  );
}
