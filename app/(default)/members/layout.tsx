import type { ReactNode } from 'react';
import { SearchStoreProvider } from '@/components/members/search-store-provider';
import { getPageViewer } from '@/lib/server/pages/get-page-user';
import { getPageContext } from '@/lib/server/pages/page-context';
import { pageServices } from '@/lib/server/pages/page-services';

/** The members area keeps one search state, so results survive opening a profile and coming back. */
export default async function MembersLayout(props: { children: ReactNode }) {
  const [{ settings }, viewer] = await Promise.all([getPageContext(), getPageViewer()]);
  const initialFilters = await pageServices().defaultSearchFilters({
    viewerId: viewer?.userId ?? null,
    settings,
  });
  return <SearchStoreProvider initialFilters={initialFilters}>{props.children}</SearchStoreProvider>;
}
