import 'server-only';
import { cache } from 'react';
import type { SearchFilters } from '@/lib/shared/schemas/members';
import { getPageClass, getPageViewer } from './get-page-user';
import { getPageContext } from './page-context';
import { pageServices } from './page-services';

/**
 * The filters a search starts with (the gender the member looks for in their own country; a
 * visitor's country), once per request: the members layout starts its search state with them and
 * the search page renders their first results.
 */
export const getInitialSearchFilters = cache(async (): Promise<SearchFilters> => {
  const [{ settings }, viewer, pageClass] = await Promise.all([
    getPageContext(),
    getPageViewer(),
    getPageClass(),
  ]);
  // Rendered once for a class of members: where every member of the class starts.
  if (pageClass?.kind === 'member') return pageClass.filters ?? {};
  return pageServices().defaultSearchFilters({
    viewerId: viewer?.userId ?? null,
    settings,
    viewerProfile: viewer?.searchProfile,
  });
});
