import type { ReactNode } from 'react';
import { SearchStoreProvider } from '@/components/members/search-store-provider';
import { getInitialSearchFilters } from '@/lib/server/pages/initial-search-filters';

/** The members area keeps one search state, so results survive opening a profile and coming back. */
export default async function MembersLayout(props: { children: ReactNode }) {
  const initialFilters = await getInitialSearchFilters();
  return <SearchStoreProvider initialFilters={initialFilters}>{props.children}</SearchStoreProvider>;
}
