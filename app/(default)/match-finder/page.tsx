import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MemberOnly } from '@/components/account/member-only';
import { MatchFinder } from '@/components/match-finder/match-finder';
import { PageMessages } from '@/components/providers/page-messages';
import { likeKeys, matchKeys, queryKeys } from '@/lib/api/keys';
import { makeQueryClient } from '@/lib/api/query-client';
import { getPageViewer } from '@/lib/server/pages/get-page-user';
import { pageServices } from '@/lib/server/pages/page-services';
import type { MatchAnswers } from '@/lib/shared/schemas/match-finder';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('MatchFinder');
  return { title: t('title'), robots: { index: false } };
}

/**
 * `/match-finder`: the questions, prefilled from the member's profile, and the best matches for
 * those answers, which come with the page (with the member's likes and the interests to pick from).
 * A visitor is asked to log in and come back.
 */
export default async function MatchFinderPage() {
  const [t, viewer] = await Promise.all([getTranslations('MatchFinder'), getPageViewer()]);
  const queryClient = makeQueryClient();
  let initial: MatchAnswers | null = null;
  let isLocated = true;
  if (viewer) {
    const services = pageServices();
    const [matches, likes, interests] = await Promise.allSettled([
      services.findMatches({ viewerId: viewer.userId, query: {} }),
      services.getLikesState({ userId: viewer.userId }),
      services.cachedInterests(),
    ]);
    // What failed here the page asks for again, and shows what went wrong if it still cannot.
    if (matches.status === 'fulfilled') {
      initial = matches.value.answers;
      isLocated = matches.value.located;
      queryClient.setQueryData(matchKeys.finder(initial), matches.value);
    }
    if (likes.status === 'fulfilled') queryClient.setQueryData(likeKeys.likes, likes.value);
    if (interests.status === 'fulfilled') queryClient.setQueryData(queryKeys.interests, interests.value);
  }
  return (
    <PageMessages page="match-finder">
      <HydrationBoundary state={dehydrate(queryClient)}>
        <MemberOnly redirect="/match-finder" message={t('loginToSee')}>
          <MatchFinder initial={initial} isLocated={isLocated} />
        </MemberOnly>
      </HydrationBoundary>
    </PageMessages>
  );
}
