import {
  infiniteQueryOptions,
  mutationOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  type InfiniteData,
} from '@tanstack/react-query';
import type { AxiosError, AxiosRequestConfig } from 'axios';
import type { Chat, Chats, ChatSend, ChatSent } from '@/lib/shared/schemas/chat';
import type { ApiClient } from './api-client';
import { useApi } from './api-context';
import { useCacheUpdates } from './cache-updates';
import { useUser } from './hooks';
import { chatKeys } from './keys';

/** Which conversation a page shows: by its id (`/chats/{id}`) or with a member (`/members/{id}/chat`). */
export type ChatTarget = { conversation: number } | { member: number };

/** The cached pages of one conversation, newest page first; the page param is `before` (null: newest). */
export type ChatPages = InfiniteData<Chat, number | null>;

/** A refused send is not retried by the HTTP client (the member retries it, with the same key). */
const NO_RETRY_ON_REFUSAL: AxiosRequestConfig = {
  'axios-retry': {
    retryCondition: (error: AxiosError) => !error.response && error.code !== 'ECONNABORTED',
  },
};

/** `GET /api/chats.php`: the viewer's conversations, newest first, with the total unread. */
export const chatsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: chatKeys.chats,
    queryFn: async () => (await api.get<Chats>('chats.php')).data,
    staleTime: 30_000,
  });

export const chatKeyFor = (target: ChatTarget) =>
  'conversation' in target ? chatKeys.byConversation(target.conversation) : chatKeys.byMember(target.member);

/** `GET /api/chat.php`: one conversation's newest messages; older ones page back with `before`. */
export const chatQuery = (api: ApiClient, target: ChatTarget) =>
  infiniteQueryOptions({
    queryKey: chatKeyFor(target),
    queryFn: async ({ pageParam }) =>
      (
        await api.get<Chat>('chat.php', {
          params: { ...target, ...(pageParam === null ? {} : { before: pageParam }) },
        })
      ).data,
    initialPageParam: null as number | null,
    getNextPageParam: (last: Chat) => (last.has_more ? (last.messages[0]?.id ?? undefined) : undefined),
    staleTime: 30_000,
  });

/** `POST /api/chat.php`: sends a text, a gift or a GIF (starts the conversation when there is none). */
export const sendMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: ['chat', 'send'],
    mutationFn: async (message: ChatSend) =>
      (await api.post<ChatSent>('chat.php', message, NO_RETRY_ON_REFUSAL)).data,
  });

/** `POST /api/chat-photo.php`: sends a photo (multipart). */
export const sendPhotoMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: ['chat', 'photo'],
    mutationFn: async (input: { member: number; clientKey: string; photo: Blob }) => {
      const form = new FormData();
      form.append('member', String(input.member));
      form.append('client_key', input.clientKey);
      form.append('photo', input.photo);
      return (await api.post<ChatSent>('chat-photo.php', form, NO_RETRY_ON_REFUSAL)).data;
    },
  });

/** `DELETE /api/chat.php`: removes a conversation from the viewer's list. */
export const removeChatMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: ['chat', 'remove'],
    mutationFn: async (conversation: number) => {
      await api.delete('chat.php', { data: { conversation }, ...NO_RETRY_ON_REFUSAL });
    },
  });

/** `POST /api/chat-read.php`: the viewer read the conversation up to this message. */
export const readMutation = (api: ApiClient) =>
  mutationOptions({
    mutationKey: ['chat', 'read'],
    mutationFn: async (input: { conversation: number; message: number }) => {
      await api.post('chat-read.php', input);
    },
  });

/** The chat list; only for a logged-in member. */
export function useChats() {
  const { data: user } = useUser();
  return useQuery({ ...chatsQuery(useApi()), enabled: Boolean(user) });
}

/** One conversation, page by page back in time. */
export function useChat(target: ChatTarget, enabled = true) {
  return useInfiniteQuery({ ...chatQuery(useApi(), target), enabled });
}

/** Sends a message; its answer goes into the conversation, the list and the credits at once. */
export function useSendMessage() {
  const updates = useCacheUpdates();
  return useMutation({
    ...sendMutation(useApi()),
    onSuccess: (answer, message) => updates.chatMessageSent(message.member, answer),
  });
}

export function useSendPhoto() {
  const updates = useCacheUpdates();
  return useMutation({
    ...sendPhotoMutation(useApi()),
    onSuccess: (answer, input) => updates.chatMessageSent(input.member, answer),
  });
}

/**
 * Removes a conversation: gone from the list at once, then deleted on the server; on failure the
 * caller says why (spec §8) and the list loads again.
 */
export function useRemoveChat() {
  const updates = useCacheUpdates();
  return useMutation({
    ...removeChatMutation(useApi()),
    onMutate: (conversation) => updates.chatRemoved(conversation),
    onError: () => updates.chatsChanged(),
  });
}

/** Marks a conversation read: its unread count is zero at once. */
export function useReadChat() {
  const updates = useCacheUpdates();
  return useMutation({
    ...readMutation(useApi()),
    onMutate: (input) => updates.chatRead(input.conversation),
  });
}

/** `POST /api/chat-typing.php`: tells the other member the viewer is typing (the caller throttles). */
export function useSendTyping() {
  const api = useApi();
  return (conversation: number) => {
    void api.post('chat-typing.php', { conversation }).catch(() => undefined);
  };
}
