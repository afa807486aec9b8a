'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'zustand';
import type { TabChatState } from '@/lib/api/server-events';
import { chatStoreFor, type ChatState, type ChatStore } from '@/stores/chat-store';

/** The chat store of this tab (it belongs with the query client, see `chatStoreFor`). */
export function useChatStoreApi(): ChatStore {
  return chatStoreFor(useQueryClient());
}

export function useChatStore<T>(selector: (state: ChatState) => T): T {
  return useStore(useChatStoreApi(), selector);
}

/** What server events need of this tab's chat state: the conversation open and read here, typing. */
export function tabChatState(store: ChatStore): TabChatState {
  return {
    isReadHere: (conversation) =>
      store.getState().openConversation === conversation && document.visibilityState === 'visible',
    typing: (conversation) => store.getState().setTyping(conversation),
    stoppedTyping: (conversation) => store.getState().clearTyping(conversation),
  };
}
