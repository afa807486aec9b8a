import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { MemberOnly } from '@/components/account/member-only';
import { LikeWith } from '@/components/likes/like-with';
import { PageMessages } from '@/components/providers/page-messages';
import { memberKeys } from '@/lib/api/keys';
import { makeQueryClient } from '@/lib/api/query-client';
import { getPageViewer } from '@/lib/server/pages/get-page-user';
import { getPageContext } from '@/lib/server/pages/page-context';
import { pageServices } from '@/lib/server/pages/page-services';

type Props = { params: Promise<{ id: string }> };

const parseId = (raw: string): number | null => {
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
};

/**
 * The member when a like stands between them and the viewer (either way); null when there is none,
 * the member may not be seen, or the id is not one. Opening it counts as seeing their like.
 */
const loadLike = cache(async (rawId: string) => {
  const memberId = parseId(rawId);
  if (memberId === null) return null;
  const [{ settings }, viewer] = await Promise.all([getPageContext(), getPageViewer()]);
  if (!viewer) return 'visitor' as const;
  if (viewer.userId === memberId) return null;
  const member = await pageServices().getMemberForPage({
    memberId,
    viewer,
    visibleFields: settings.visible_profile_fields,
  });
  if (member === 'hidden' || member === 'blocked') return null;
  if (!member.liked_by_viewer && !member.likes_viewer) return null;
  return member;
});

export async function generateMetadata(props: Props): Promise<Metadata> {
  const loaded = await loadLike((await props.params).id);
  const t = await getTranslations('Likes');
  if (loaded === null || loaded === 'visitor') return { title: t('title'), robots: { index: false } };
  return {
    title: `${loaded.match ? t('with.titleMatch', { name: loaded.name }) : loaded.name} – ${t('title')}`,
    robots: { index: false },
  };
}

/** `/likes/m/{id}`: the match with a member, or the like between the two; otherwise the 404 page. */
export default async function LikeWithPage(props: Props) {
  const { id } = await props.params;
  const loaded = await loadLike(id);
  if (loaded === null) notFound();
  const t = await getTranslations('Likes');
  const queryClient = makeQueryClient();
  if (loaded !== 'visitor') queryClient.setQueryData(memberKeys.member(loaded.id), loaded);
  return (
    <PageMessages page="likes/m/[id]">
      <HydrationBoundary state={dehydrate(queryClient)}>
        <MemberOnly redirect={`/likes/m/${id}`} message={t('loginToSee')}>
          {loaded !== 'visitor' ? <LikeWith memberId={loaded.id} /> : null}
        </MemberOnly>
      </HydrationBoundary>
    </PageMessages>
  );
}
