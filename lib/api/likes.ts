import {
  infiniteQueryOptions,
  mutationOptions,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  LikeList,
  LikeListType,
  LikeRequestSource,
  LikeResponse,
  LikesState,
} from '@/lib/shared/schemas/likes';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Chats } from '@/lib/shared/schemas/chat';
import { REFRESH } from '@/lib/shared/constants';
import { chatsQuery } from './chat';
import { useUser } from './hooks';
import type { ApiClient } from './api-client';
import { useApi } from './api-context';
import { useCacheUpdates } from './cache-updates';
import { chatKeys, likeKeys } from './keys';

/** `GET /api/likes.php`: the members the viewer liked and the members who liked the viewer. */
export const likesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: likeKeys.likes,
    queryFn: async () => (await api.get<LikesState>('likes.php')).data,
    staleTime: 60_000,
  });

/** `GET /api/like-list.php`: received likes, sent likes or matches, page by page. */
export const likeListQuery = (api: ApiClient, type: LikeListType) =>
  infiniteQueryOptions({
    queryKey: likeKeys.list(type),
    queryFn: async ({ pageParam }) =>
      (await api.get<LikeList>('like-list.php', { params: { type, page: pageParam } })).data,
    initialPageParam: 1,
    getNextPageParam: (last: LikeList) => (last.hasMore ? last.page.pageNumber + 1 : undefined),
    staleTime: 60_000,
  });

/** `POST /api/like.php`: likes a member (from a card, or from the signup matches); answers whether that made a match. */
export const likeMutation = (api: ApiClient, source?: LikeRequestSource) =>
  mutationOptions({
    mutationKey: likeKeys.like,
    mutationFn: async (member: number) =>
      (await api.post<LikeResponse>('like.php', source ? { member, source } : { member })).data,
  });

/** `DELETE /api/like.php`: takes a like back. */
export const unlikeMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: likeKeys.unlike,
    mutationFn: async (member: number) => {
      await api.delete('like.php', { data: { member } });
    },
  });

/** The viewer's likes; only for a logged-in member (`enabled`). */
export const useLikes = (enabled = true) => useQuery({ ...likesQuery(useApi()), enabled });

export function useLike(source?: LikeRequestSource) {
  const updates = useCacheUpdates();
  return useMutation({
    ...likeMutation(useApi(), source),
    onSuccess: (answer, member) => updates.memberLiked(member, answer.match),
  });
}

export function useUnlike() {
  const updates = useCacheUpdates();
  return useMutation({
    ...unlikeMutation(useApi()),
    onSuccess: (_, member) => updates.memberUnliked(member),
  });
}

/** True once the logged-in refresh's first round is due (spec §9: 5 s after a page opens). */
function useRefreshStarted(): boolean {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setStarted(true), REFRESH.startAfterMs);
    return () => clearTimeout(timer);
  }, []);
  return started;
}

/**
 * The viewer's likes as the cache holds them, without asking for them: a page may have brought them
 * (the search, the likes overview), and the logged-in refresh brings them otherwise.
 */
function useCachedLikes(): LikesState | undefined {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (notify) => queryClient.getQueryCache().subscribe(notify),
    () => queryClient.getQueryData<LikesState>(likeKeys.likes),
    () => undefined,
  );
}

/** The viewer's chat list as the cache holds it, without asking for it (see `useCachedLikes`). */
function useCachedChats(): Chats | undefined {
  const queryClient = useQueryClient();
  return useSyncExternalStore(
    (notify) => queryClient.getQueryCache().subscribe(notify),
    () => queryClient.getQueryData<Chats>(chatKeys.chats),
    () => undefined,
  );
}

/**
 * The navigation's badges: unread messages and new likes. Both come with the page or with the
 * refresh (first after 5 s), not with a call on every page's first load.
 */
export function useNavCounts(): { unreadMessages: number; newLikes: number } {
  const { data: user } = useUser();
  const api = useApi();
  const started = useRefreshStarted();
  // Asks only once the refresh is due; until then no query exists that a page's data would wait for.
  const due = user && started ? [likesQuery(api), chatsQuery(api)] : [];
  useQueries({ queries: due });
  const likes = useCachedLikes();
  const chats = useCachedChats();
  return {
    unreadMessages: user ? (chats?.num_unread_messages ?? 0) : 0,
    newLikes: user ? (likes?.num_new_likes ?? 0) : 0,
  };
}
