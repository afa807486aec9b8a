import 'server-only';
import { cache } from 'react';
import type { SearchFilters } from '@/lib/shared/schemas/members';
import { getPageViewer } from './get-page-user';
import { getPageContext } from './page-context';
import { pageServices } from './page-services';

/**
 * The filters a search starts with (the gender the member looks for in their own country; a
 * visitor's country), once per request: the members layout starts its search state with them and
 * the search page renders their first results.
 */
export const getInitialSearchFilters = cache(async (): Promise<SearchFilters> => {
  const [{ settings }, viewer] = await Promise.all([getPageContext(), getPageViewer()]);
  return pageServices().defaultSearchFilters({
    viewerId: viewer?.userId ?? null,
    settings,
    viewerProfile: viewer?.searchProfile,
  });
});
