import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { LIKE_LIST_TYPES, type LikeListType } from '@/lib/shared/values/likes';
import { PageMessages } from '@/components/providers/page-messages';
import { LikesPage } from '../likes-page';

type Props = { params: Promise<{ type: string }> };

const isLikeListType = (type: string): type is LikeListType =>
  (LIKE_LIST_TYPES as readonly string[]).includes(type);

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { type } = await props.params;
  const t = await getTranslations('Likes');
  if (!isLikeListType(type)) return { title: t('title'), robots: { index: false } };
  return { title: `${t(`tab.${type}`)} – ${t('title')}`, robots: { index: false } };
}

/** `/likes/{type}`: one tab of the likes overview (received, sent, matches); other types are 404. */
export default async function LikesTypePage(props: Props) {
  const { type } = await props.params;
  if (!isLikeListType(type)) notFound();
  return (
    <PageMessages page="likes/[type]">
      <LikesPage type={type} path={`/likes/${type}`} />
    </PageMessages>
  );
}
