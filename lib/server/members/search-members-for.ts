import 'server-only';
import type { Locale } from '@/lib/shared/locales';
import type { SearchQuery, SearchResponse } from '@/lib/shared/schemas/members';
import type { SessionUser } from '../auth/sessions';
import { AppError } from '../errors';
import { getSettings } from '../settings/get-settings';
import { hasTrafficSource, maySearch } from './search-access';
import { searchMembers } from './search-members';

/** A search as a member or visitor makes it: visitors search only where the site lets them. */
export async function searchMembersFor(options: {
  viewer: SessionUser | null;
  query: SearchQuery;
  host: string | null;
  locale: Locale;
  /** The tracking cookie's value: visitors from a traffic source may search on some sites. */
  trackingCookie: string | undefined;
}): Promise<SearchResponse> {
  const { viewer, query } = options;
  if (!viewer) {
    const settings = await getSettings({ host: options.host, locale: options.locale });
    const fromTrafficSource = hasTrafficSource(options.trackingCookie);
    if (!maySearch({ loggedIn: false, settings, fromTrafficSource }))
      throw new AppError('search_login_required');
  }
  const { page, ...filters } = query;
  return searchMembers({ viewerId: viewer?.userId ?? null, filters, page });
}
