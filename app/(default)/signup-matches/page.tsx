import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { MemberOnly } from '@/components/account/member-only';
import { SignupMatches } from '@/components/match-finder/signup-matches';
import { PageMessages } from '@/components/providers/page-messages';
import { likeKeys, matchKeys } from '@/lib/api/keys';
import { makeQueryClient } from '@/lib/api/query-client';
import { getPageViewer } from '@/lib/server/pages/get-page-user';
import { pageServices } from '@/lib/server/pages/page-services';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('SignupMatches');
  return { title: t('title'), robots: { index: false } };
}

/**
 * `/signup-matches`: where signup ends. Members who fit the new member's answers come with the
 * page, with the member's likes; a visitor is asked to log in and come back.
 */
export default async function SignupMatchesPage() {
  const [t, viewer] = await Promise.all([getTranslations('SignupMatches'), getPageViewer()]);
  const queryClient = makeQueryClient();
  if (viewer) {
    const services = pageServices();
    const [matches, likes] = await Promise.allSettled([
      services.findSignupMatches({ viewerId: viewer.userId }),
      services.getLikesState({ userId: viewer.userId }),
    ]);
    // What failed here the page asks for again, and shows what went wrong if it still cannot.
    if (matches.status === 'fulfilled') queryClient.setQueryData(matchKeys.signup, matches.value);
    if (likes.status === 'fulfilled') queryClient.setQueryData(likeKeys.likes, likes.value);
  }
  return (
    <PageMessages page="signup-matches">
      <HydrationBoundary state={dehydrate(queryClient)}>
        <MemberOnly redirect="/signup-matches" message={t('loginToSee')}>
          <SignupMatches />
        </MemberOnly>
      </HydrationBoundary>
    </PageMessages>
  );
}
