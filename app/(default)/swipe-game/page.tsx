import type { Metadata } from 'next';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { getTranslations } from 'next-intl/server';
import { MemberOnly } from '@/components/account/member-only';
import { PageMessages } from '@/components/providers/page-messages';
import { SwipeGame } from '@/components/swipe/swipe-game';
import { swipeKeys } from '@/lib/api/keys';
import { makeQueryClient } from '@/lib/api/query-client';
import { getPageViewer } from '@/lib/server/pages/get-page-user';
import { pageServices } from '@/lib/server/pages/page-services';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('SwipeGame');
  return { title: t('title'), robots: { index: false } };
}

/**
 * `/swipe-game`: the swipe game. The first cards come with the HTML, so the top photo starts loading
 * before any script runs; a visitor is asked to log in and come back.
 */
export default async function SwipeGamePage() {
  const [t, viewer] = await Promise.all([getTranslations('SwipeGame'), getPageViewer()]);
  const queryClient = makeQueryClient();
  if (viewer) {
    try {
      const first = await pageServices().getSwipeStack({ userId: viewer.userId });
      queryClient.setQueryData(swipeKeys.stack, { pages: [first], pageParams: [0] });
    } catch {
      // The game asks for the cards itself, and says what went wrong if it still cannot.
    }
  }
  return (
    <PageMessages page="swipe-game">
      <HydrationBoundary state={dehydrate(queryClient)}>
        <MemberOnly redirect="/swipe-game" message={t('loginToPlay')}>
          <SwipeGame />
        </MemberOnly>
      </HydrationBoundary>
    </PageMessages>
  );
}
