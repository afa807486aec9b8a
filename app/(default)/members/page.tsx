import type { Metadata } from 'next';
import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { cookies } from 'next/headers';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { PromotedCams } from '@/components/lander/promoted-cams';
import { MemberSearch, SearchLoginPrompt } from '@/components/members/member-search';
import { PageMessages } from '@/components/providers/page-messages';
import { SwipeGameLink } from '@/components/swipe/swipe-game-link';
import { likeKeys, memberKeys, queryKeys } from '@/lib/api/keys';
import { makeQueryClient } from '@/lib/api/query-client';
import { getPageClass, getPageViewer } from '@/lib/server/pages/get-page-user';
import { getInitialSearchFilters } from '@/lib/server/pages/initial-search-filters';
import { TRACKING_COOKIE } from '@/lib/shared/schemas/auth';
import { getPageContext } from '@/lib/server/pages/page-context';
import { regionsOf } from '@/lib/shared/regions';
import { pageServices } from '@/lib/server/pages/page-services';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Members');
  return { title: t('title') };
}

/** `/members`: member search. Visitors search only as the site allows (spec §6). */
export default async function MembersPage() {
  const t = await getTranslations('Members');
  const [{ settings }, viewer, cookieStore, pageClass] = await Promise.all([
    getPageContext(),
    getPageViewer(),
    cookies(),
    getPageClass(),
  ]);
  const { maySearch, hasTrafficSource } = pageServices();
  const allowed = maySearch({
    loggedIn: viewer !== null,
    settings,
    fromTrafficSource: hasTrafficSource(cookieStore.get(TRACKING_COOKIE)?.value),
  });
  if (!allowed) {
    return (
      <PageMessages page="members">
        <h1 className="mb-4">{t('title')}</h1>
        <SearchLoginPrompt />
      </PageMessages>
    );
  }
  // The first page of results comes with the page, so photos start loading before any script runs;
  // so do the regions of the country searched in (the whole list loads when another is picked).
  const filters = await getInitialSearchFilters();
  const queryClient = makeQueryClient();
  const { searchMembers, cachedRegions, getLikesState, promotedCams } = pageServices();
  // A member's likes come too: the hearts on the cards show whom they liked without a call (with the
  // page's holes when it is rendered once for a class of members).
  const [first, regions, likes, cams] = await Promise.allSettled([
    searchMembers({ viewerId: viewer?.userId ?? null, filters, page: 1 }),
    cachedRegions(),
    viewer && !pageClass ? getLikesState({ userId: viewer.userId }) : Promise.resolve(null),
    // The site's promoted partner cams (none unless member_resell is on), as their own row.
    promotedCams({ settings, placement: 'search' }),
  ]);
  if (likes.status === 'fulfilled' && likes.value) queryClient.setQueryData(likeKeys.likes, likes.value);
  // What failed here the page asks for again, and shows what went wrong if it still cannot.
  if (first.status === 'fulfilled') {
    queryClient.setQueryData(memberKeys.search(filters), { pages: [first.value], pageParams: [1] });
  }
  const country = filters.country;
  const countryRegions =
    country && regions.status === 'fulfilled' ? regionsOf(regions.value, country) : undefined;
  if (country && countryRegions) queryClient.setQueryData(queryKeys.countryRegions(country), countryRegions);
  const tFinder = await getTranslations('MatchFinder');
  return (
    <PageMessages page="members">
      <div className="page-title-row">
        <h1 className="mb-0">{t('title')}</h1>
        {viewer ? (
          <div className="page-title-actions">
            <SwipeGameLink />
            {/* Members looking for someone find the match-finder where they search. */}
            <Link href="/match-finder" className="finder-entry" prefetch={false}>
              <svg
                className="finder-entry-icon"
                viewBox="0 0 20 20"
                width="18"
                height="18"
                aria-hidden="true"
              >
                <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
                <circle cx="10" cy="10" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
                <circle cx="10" cy="10" r="1.25" fill="currentColor" />
              </svg>
              {tFinder('entry')}
            </Link>
          </div>
        ) : null}
      </div>
      <HydrationBoundary state={dehydrate(queryClient)}>
        <MemberSearch
          promoted={
            cams.status === 'fulfilled' && cams.value.length ? (
              <PromotedCams cams={cams.value} siteName={settings.name} className="my-4" />
            ) : undefined
          }
        />
      </HydrationBoundary>
    </PageMessages>
  );
}
