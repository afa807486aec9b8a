import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { MemberDetail, SearchFilters, SearchQuery, SearchResponse } from '@/lib/shared/schemas/members';
import type { ApiClient } from './api-client';
import { memberKeys } from './keys';

/** `GET /api/members.php`: one page of a member search. */
export async function fetchSearchPage(api: ApiClient, query: SearchQuery): Promise<SearchResponse> {
  const params = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
  return (await api.get<SearchResponse>('members.php', { params })).data;
}

/**
 * A member search, page by page. Kept a few minutes, so coming back from a profile shows the same
 * results (and the same scroll position) without asking again.
 */
export const memberSearchQuery = (api: ApiClient, filters: SearchFilters) =>
  infiniteQueryOptions({
    queryKey: memberKeys.search(filters),
    queryFn: ({ pageParam }) => fetchSearchPage(api, { ...filters, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last: SearchResponse) => (last.hasMore ? last.page.pageNumber + 1 : undefined),
    staleTime: 5 * 60_000,
    gcTime: 30 * 60_000,
  });

/** `GET /api/member.php?id=`: one member's page. */
export const memberQuery = (api: ApiClient, id: number) =>
  queryOptions({
    queryKey: memberKeys.member(id),
    queryFn: async () => (await api.get<MemberDetail>('member.php', { params: { id } })).data,
  });
