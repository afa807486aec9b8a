import { mutationOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberDetail, SearchQuery, SearchResponse } from '@/lib/shared/schemas/members';
import type { ApiClient } from './api-client';
import { useApi } from './api-context';
import { blockKeys } from './blocks';

export const memberKeys = {
  member: (id: number) => ['member', id] as const,
  block: ['member', 'block'] as const,
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

/** `POST /api/block.php`. */
export const blockMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: memberKeys.block,
    mutationFn: async (member: number) => {
      await api.post('block.php', { member });
    },
  });

/** Blocks a member; their page shows them as blocked and the settings list reloads. */
export function useBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    ...blockMutation(useApi()),
    onSuccess: (_, member) => {
      queryClient.setQueryData<MemberDetail>(memberKeys.member(member), (current) =>
        current ? { ...current, blocked_by_viewer: true } : current,
      );
      void queryClient.invalidateQueries({ queryKey: blockKeys.blocked });
    },
  });
}
