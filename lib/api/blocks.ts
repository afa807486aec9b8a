import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockedMembers } from '@/lib/shared/schemas/members';
import type { ApiClient } from './api-client';
import { useApi } from './api-context';

export const blockKeys = {
  blocked: ['blocks'] as const,
  unblock: ['blocks', 'unblock'] as const,
};

/** `GET /api/blocks.php`: the members the viewer blocked, newest first. */
export const blockedMembersQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: blockKeys.blocked,
    queryFn: async () => (await api.get<BlockedMembers>('blocks.php')).data,
  });

/** `DELETE /api/block.php`: unblocks a member. */
export const unblockMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: blockKeys.unblock,
    mutationFn: async (member: number) => {
      await api.delete('block.php', { data: { member } });
    },
  });

export const useBlockedMembers = () => useQuery(blockedMembersQuery(useApi()));

/** Unblocks a member; the member leaves the cached list at once, and their page is read again. */
export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    ...unblockMutation(useApi()),
    onSuccess: (_, member) => {
      queryClient.setQueryData<BlockedMembers>(blockKeys.blocked, (current) =>
        current ? { members: current.members.filter((m) => m.id !== member) } : current,
      );
      // memberKeys.member(member) of ./members (not imported: that module imports this one).
      void queryClient.invalidateQueries({ queryKey: ['member', member] });
    },
  });
}
