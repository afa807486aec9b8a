import { infiniteQueryOptions, mutationOptions, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type { SwipeRequest, SwipeResponse, SwipeStack } from '@/lib/shared/schemas/swipe';
import type { ApiClient } from './api-client';
import { useApi } from './api-context';
import { NO_RETRY_ON_LIMIT } from './auth';
import { useCacheUpdates } from './cache-updates';
import { swipeKeys } from './keys';

/**
 * `GET /api/swipe.php`: the swipe stack, topped up page by page. The server leaves out whom the
 * viewer swiped already, so each call brings the next cards (and some still unplayed); the stack
 * ends when a call brings nobody new. `isVerifiedOnly` deals photo-verified members only.
 */
export const swipeStackQuery = (api: ApiClient, isVerifiedOnly = false) =>
  infiniteQueryOptions({
    queryKey: swipeKeys.deck(isVerifiedOnly),
    queryFn: async () =>
      (await api.get<SwipeStack>('swipe.php', { params: isVerifiedOnly ? { verified: 1 } : {} })).data,
    initialPageParam: 0,
    getNextPageParam: (last: SwipeStack, pages: SwipeStack[], lastParam: number) => {
      const earlier = new Set(pages.slice(0, -1).flatMap((page) => page.profiles.map((p) => p.id)));
      return last.profiles.some((p) => !earlier.has(p.id)) ? lastParam + 1 : undefined;
    },
    // The stack changes only by playing it; a refetch would reorder the cards under the finger.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** `POST /api/swipe.php`: like or pass a member. A 429 (today's likes are used) is not retried. */
export const swipeMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: swipeKeys.swipe,
    mutationFn: async (request: SwipeRequest) =>
      (await api.post<SwipeResponse>('swipe.php', request, NO_RETRY_ON_LIMIT)).data,
  });

export const useSwipeStack = (isVerifiedOnly = false) =>
  useInfiniteQuery(swipeStackQuery(useApi(), isVerifiedOnly));

/** Plays a card; the likes left show at once and then follow the server's answers. */
export function useSwipe() {
  const updates = useCacheUpdates();
  return useMutation({
    ...swipeMutation(useApi()),
    onMutate: (request) => {
      if (request.action === 'like') updates.swipeLikeSent();
    },
    onSuccess: (answer, request) => {
      updates.swiped(answer);
      if (request.action === 'like') updates.memberLiked(request.member, answer.match);
    },
    // Refused (today's likes used up elsewhere, the hourly ceiling, a member gone): the stack and
    // the likes left are read again.
    onError: () => updates.swipeStackStale(),
  });
}
