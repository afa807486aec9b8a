import { queryOptions } from '@tanstack/react-query';
import type { MemberDetail, SearchQuery, SearchResponse } from '@/lib/shared/schemas/members';
import type { ApiClient } from './api-client';

export const memberKeys = {
  member: (id: number) => ['member', id] as const,
};

/** `GET /api/members.php`: one page of a member search. */
export async function fetchSearchPage(api: ApiClient, query: SearchQuery): Promise<SearchResponse> {
  const params = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
  return (await api.get<SearchResponse>('members.php', { params })).data;
}

/** `GET /api/member.php?id=`: one member's page. */
export const memberQuery = (api: ApiClient, id: number) =>
  queryOptions({
    queryKey: memberKeys.member(id),
    queryFn: async () => (await api.get<MemberDetail>('member.php', { params: { id } })).data,
  });
