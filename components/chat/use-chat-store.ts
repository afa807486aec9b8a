'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'zustand';
import { chatStoreFor, type ChatState, type ChatStore } from '@/stores/chat-store';

/** The chat store of this tab (it belongs with the query client, see `chatStoreFor`). */
export function useChatStoreApi(): ChatStore {
  return chatStoreFor(useQueryClient());
}

export function useChatStore<T>(selector: (state: ChatState) => T): T {
  return useStore(useChatStoreApi(), selector);
}
