import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockedMembers, MemberDetail } from '@/lib/shared/schemas/members';
import type { ApiClient } from './api-client';
import { useApi } from './api-context';
import { blockKeys, memberKeys } from './keys';

/** `GET /api/blocks.php`: the members the viewer blocked, newest first. */
export const blockedMembersQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: blockKeys.blocked,
    queryFn: async () => (await api.get<BlockedMembers>('blocks.php')).data,
  });

/** `POST /api/block.php`: blocks a member. */
export const blockMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: blockKeys.block,
    mutationFn: async (member: number) => {
      await api.post('block.php', { member });
    },
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

/** Marks a member's cached page as blocked or not by the viewer. */
function useSetBlockedByViewer() {
  const queryClient = useQueryClient();
  return (member: number, blocked: boolean) =>
    queryClient.setQueryData<MemberDetail>(memberKeys.member(member), (current) =>
      current ? { ...current, blocked_by_viewer: blocked } : current,
    );
}

/** Blocks a member; their page shows them as blocked and the settings list reloads. */
export function useBlock() {
  const queryClient = useQueryClient();
  const setBlocked = useSetBlockedByViewer();
  return useMutation({
    ...blockMutation(useApi()),
    onSuccess: (_, member) => {
      setBlocked(member, true);
      void queryClient.invalidateQueries({ queryKey: blockKeys.blocked });
      // A blocked member leaves every search at once.
      void queryClient.invalidateQueries({ queryKey: memberKeys.searches });
    },
  });
}

/** Unblocks a member; the member leaves the cached list and their page at once. */
export function useUnblock() {
  const queryClient = useQueryClient();
  const setBlocked = useSetBlockedByViewer();
  return useMutation({
    ...unblockMutation(useApi()),
    onSuccess: (_, member) => {
      queryClient.setQueryData<BlockedMembers>(blockKeys.blocked, (current) =>
        current ? { members: current.members.filter((m) => m.id !== member) } : current,
      );
      setBlocked(member, false);
      void queryClient.invalidateQueries({ queryKey: memberKeys.searches });
    },
  });
}
