'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AxiosRequestConfig } from 'axios';
import { useOperatorApi } from '@/lib/api/operator-api';
import type { MemberFile, MemberHit } from '@/lib/shared/schemas/operator-support';

/** Actions change money and accounts: a failed call is never sent again by the client's retries. */
const ONCE: AxiosRequestConfig = { 'axios-retry': { retries: 0 } };

/** Query keys of customer service's area of the console. */
export const supportKeys = {
  all: ['operator', 'support'] as const,
  search: (q: string) => ['operator', 'support', 'search', q] as const,
  member: (id: number) => ['operator', 'support', 'member', id] as const,
};

/** `GET /api/operator/members.php?q=`: members by e-mail address, name or id (nothing asked: none). */
export function useMemberSearch(q: string) {
  const api = useOperatorApi();
  return useQuery({
    queryKey: supportKeys.search(q),
    queryFn: async () => (await api.get<{ members: MemberHit[] }>('members.php', { params: { q } })).data,
    enabled: q.trim().length > 0,
  });
}

/** `GET /api/operator/member.php?id=`: the member's file. */
export function useMemberFile(id: number) {
  const api = useOperatorApi();
  return useQuery({
    queryKey: supportKeys.member(id),
    queryFn: async () => (await api.get<MemberFile>('member.php', { params: { id } })).data,
  });
}

/** One of the file's actions: posts once, then the file (and searches) load again. */
export function useMemberAction<Input, Output = unknown>(path: string) {
  const api = useOperatorApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => (await api.post<Output>(path, input, ONCE)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }),
  });
}
