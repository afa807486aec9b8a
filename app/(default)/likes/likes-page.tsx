import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { getTranslations } from 'next-intl/server';
import { MemberOnly } from '@/components/account/member-only';
import { LikesOverview } from '@/components/likes/likes-overview';
import { likeKeys } from '@/lib/api/keys';
import { makeQueryClient } from '@/lib/api/query-client';
import { getPageViewer } from '@/lib/server/pages/get-page-user';
import { pageServices } from '@/lib/server/pages/page-services';
import type { LikeListType } from '@/lib/shared/schemas/likes';

/**
 * The likes overview with one tab open. The tab's first page comes with the HTML, so the list shows
 * without a call; a visitor is asked to log in and come back. The page around it hands over the
 * texts (`PageMessages`).
 */
export async function LikesPage(props: { type: LikeListType; path: string }) {
  const [t, viewer] = await Promise.all([getTranslations('Likes'), getPageViewer()]);
  const queryClient = makeQueryClient();
  if (viewer) {
    try {
      const first = await pageServices().listLikes({ userId: viewer.userId, type: props.type, page: 1 });
      queryClient.setQueryData(likeKeys.list(props.type), { pages: [first], pageParams: [1] });
    } catch {
      // The list asks for it itself, and says what went wrong if it still cannot.
    }
  }
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <MemberOnly redirect={props.path} message={t('loginToSee')}>
        <LikesOverview type={props.type} />
      </MemberOnly>
    </HydrationBoundary>
  );
}
