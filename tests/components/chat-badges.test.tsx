import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../helpers/next-navigation';
import { TitleCount } from '@/components/layout/title-count';
import { TabBar } from '@/components/nav/tab-bar';
import { cacheUpdates } from '@/lib/api/cache-updates';
import { chatKeys, likeKeys } from '@/lib/api/keys';
import {
  createChatHandlers,
  createMockChatState,
  mockMessage,
  mockPartner,
} from '@/lib/api/mocks/chat-handlers';
import { mockUser } from '@/lib/api/mocks/fixtures';
import { createHandlers } from '@/lib/api/mocks/handlers';
import type { Chats, ChatSummary } from '@/lib/shared/schemas/chat';
import { renderWithProviders } from '../helpers/render';

const server = setupServer(...createChatHandlers(createMockChatState()), ...createHandlers(() => 'member'));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllGlobals();
});
afterAll(() => server.close());

const summary = (conversation: number, unread: number): ChatSummary => ({
  conversation: { id: conversation },
  profile: mockPartner(100 + conversation),
  num_unread_messages: unread,
  last_message: {
    kind: 'text',
    preview: 'Hi',
    from_viewer: false,
    seen: false,
    sent_at: '2026-11-25T10:00:00Z',
  },
});
const chats = (...entries: ChatSummary[]): Chats => ({
  chats: entries,
  num_unread_messages: entries.reduce((sum, c) => sum + c.num_unread_messages, 0),
});
const likes = (count: number) => ({
  profiles: [],
  liked_by: Array.from({ length: count }, (_, i) => ({ id: 900 + i, like_new: true })),
  num_new_likes: count,
});

describe('message counts', () => {
  it('put unread messages plus new likes in front of the title and on the app badge', async () => {
    const setAppBadge = vi.fn(() => Promise.resolve());
    const clearAppBadge = vi.fn(() => Promise.resolve());
    Object.assign(navigator, { setAppBadge, clearAppBadge });
    document.title = 'Messages – Lovelane';
    const { queryClient } = renderWithProviders(<TitleCount />, {
      user: mockUser,
      prepare: (client) => {
        client.setQueryData(chatKeys.chats, chats(summary(1, 2), summary(2, 1)));
        client.setQueryData(likeKeys.likes, likes(2));
      },
    });
    await waitFor(() => expect(document.title).toBe('(5) Messages – Lovelane'));
    expect(setAppBadge).toHaveBeenLastCalledWith(5);

    // A message arrives in conversation 2; conversation 1 is read elsewhere.
    const updates = cacheUpdates(queryClient);
    act(() => updates.chatMessageReceived(mockMessage(99, 2), summary(2, 2), { isReadHere: false }));
    await waitFor(() => expect(document.title).toBe('(6) Messages – Lovelane'));
    act(() => updates.chatRead(1));
    await waitFor(() => expect(document.title).toBe('(4) Messages – Lovelane'));
    expect(queryClient.getQueryData<Chats>(chatKeys.chats)?.chats[0]?.conversation.id).toBe(2);

    act(() => {
      updates.chatRead(2);
      queryClient.setQueryData(likeKeys.likes, likes(0));
    });
    await waitFor(() => expect(document.title).toBe('Messages – Lovelane'));
    expect(clearAppBadge).toHaveBeenCalled();
    delete (navigator as { setAppBadge?: unknown }).setAppBadge;
    delete (navigator as { clearAppBadge?: unknown }).clearAppBadge;
  });

  it('shows the unread total on the Messages tab, 99+ above 99', async () => {
    renderWithProviders(<TabBar />, {
      user: mockUser,
      prepare: (client) => client.setQueryData(chatKeys.chats, chats(summary(1, 150))),
    });
    const tab = await screen.findByRole('link', { name: /Messages/ });
    expect(tab).toHaveAttribute('href', '/chats');
    expect(within(tab).getByText('99+')).toBeInTheDocument();
    expect(within(tab).getByText('150 unread messages')).toHaveClass('visually-hidden');
  });
});

describe('the chat list', () => {
  it('keeps a message that arrives while the list is loading: the older answer does not replace it', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(chatKeys.chats, chats());
    const answers: ((value: Chats) => void)[] = [];
    const observer = new QueryObserver(client, {
      queryKey: chatKeys.chats,
      queryFn: () => new Promise<Chats>((resolve) => answers.push(resolve)),
      staleTime: Infinity,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    // The list is loading (the page's refresh) when the message comes in over the event stream.
    void client.refetchQueries({ queryKey: chatKeys.chats });
    cacheUpdates(client).chatMessageReceived(mockMessage(99, 2), summary(2, 1), { isReadHere: false });
    expect(client.getQueryData<Chats>(chatKeys.chats)?.chats.map((c) => c.conversation.id)).toEqual([2]);
    // The load that began before the message answers without it; the list is asked for again.
    answers[0]?.(chats());
    await waitFor(() => expect(answers).toHaveLength(2));
    expect(client.getQueryData<Chats>(chatKeys.chats)?.chats.map((c) => c.conversation.id)).toEqual([2]);
    answers[1]?.(chats(summary(2, 1)));
    await waitFor(() => expect(client.getQueryData<Chats>(chatKeys.chats)?.num_unread_messages).toBe(1));
    expect(client.getQueryData<Chats>(chatKeys.chats)?.chats.map((c) => c.conversation.id)).toEqual([2]);
    unsubscribe();
    client.clear();
  });
});
