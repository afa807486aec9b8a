import { mutationOptions, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { BlockedMembers } from '@/lib/shared/schemas/members';
import type { ApiClient } from './api-client';
import { useApi } from './api-context';
import { useCacheUpdates } from './cache-updates';
import { blockKeys } from './keys';

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

/** Blocks a member; their page shows them as blocked, searches and the settings list load again. */
export function useBlock() {
  const updates = useCacheUpdates();
  return useMutation({ ...blockMutation(useApi()), onSuccess: (_, member) => updates.memberBlocked(member) });
}

/** Unblocks a member; the member leaves the cached list and their page at once. */
export function useUnblock() {
  const updates = useCacheUpdates();
  return useMutation({
    ...unblockMutation(useApi()),
    onSuccess: (_, member) => updates.memberUnblocked(member),
  });
}
