import {
  infiniteQueryOptions,
  keepPreviousData,
  mutationOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type { ChatSent, GifResultsSchema, GiftsSchema, IcebreakersSchema } from '@/lib/shared/schemas/chat';
import type { ApiClient } from './api-client';
import { useApi } from './api-context';
import { useCacheUpdates } from './cache-updates';
import { gifKeys, giftKeys, icebreakerKeys } from './keys';

export type Gifts = z.infer<typeof GiftsSchema>;
export type GifResults = z.infer<typeof GifResultsSchema>;
export type Icebreakers = z.infer<typeof IcebreakersSchema>;

/** `GET /api/gifts.php`: the gift catalogue in the viewer's language, and what a gift costs. */
export const giftsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: giftKeys.gifts,
    queryFn: async () => (await api.get<Gifts>('gifts.php')).data,
    staleTime: 10 * 60_000,
  });

/** `GET /api/gifs.php`: GIFs for a query (empty: what is popular), page by page. */
export const gifSearchQuery = (api: ApiClient, query: string) =>
  infiniteQueryOptions({
    queryKey: gifKeys.search(query),
    queryFn: async ({ pageParam }) =>
      (await api.get<GifResults>('gifs.php', { params: { q: query, page: pageParam } })).data,
    initialPageParam: 1,
    getNextPageParam: (last: GifResults, pages) => (last.has_more ? pages.length + 1 : undefined),
    staleTime: 5 * 60_000,
  });

/** `GET /api/icebreakers.php`: openers for a first message to a member (the same all day). */
export const icebreakersQuery = (api: ApiClient, member: number) =>
  queryOptions({
    queryKey: icebreakerKeys.member(member),
    queryFn: async () => (await api.get<Icebreakers>('icebreakers.php', { params: { member } })).data,
    staleTime: 60 * 60_000,
  });

/** A key that makes a retried send deliver once (`client_key` of `POST /api/chat.php`). */
export function newClientKey(): string {
  return globalThis.crypto.randomUUID();
}

/** `POST /api/chat.php` with a gift: sends it to a member (starting the conversation when there is none). */
export const sendGiftMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: giftKeys.send,
    mutationFn: async (send: { member: number; gift: string; clientKey: string }) =>
      (
        await api.post<ChatSent>('chat.php', {
          kind: 'gift',
          member: send.member,
          client_key: send.clientKey,
          gift: send.gift,
        })
      ).data,
  });

export const useGifts = (enabled = true) => useQuery({ ...giftsQuery(useApi()), enabled });

/** The results of the last query stay while the next one loads (no flash of an empty grid). */
export const useGifSearch = (query: string, enabled = true) =>
  useInfiniteQuery({ ...gifSearchQuery(useApi(), query), enabled, placeholderData: keepPreviousData });

export const useIcebreakers = (member: number, enabled = true) =>
  useQuery({ ...icebreakersQuery(useApi(), member), enabled });

/** Sends a gift; the balance and the chat list show it at once. */
export function useSendGift() {
  const updates = useCacheUpdates();
  return useMutation({
    ...sendGiftMutation(useApi()),
    onSuccess: (sent) => {
      updates.creditsChanged(sent.credits);
      updates.chatsChanged();
    },
  });
}
