import type { ReactNode } from 'react';
import { SearchStoreProvider } from '@/components/members/search-store-provider';
import { getPageViewer } from '@/lib/server/auth/get-page-user';
import { defaultSearchFilters } from '@/lib/server/members/default-filters';
import { getPageContext } from '@/lib/server/page-context';

/** The members area keeps one search state, so results survive opening a profile and coming back. */
export default async function MembersLayout(props: { children: ReactNode }) {
  const [{ settings }, viewer] = await Promise.all([getPageContext(), getPageViewer()]);
  const initialFilters = await defaultSearchFilters({ viewerId: viewer?.userId ?? null, settings });
  return <SearchStoreProvider initialFilters={initialFilters}>{props.children}</SearchStoreProvider>;
}
