import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../helpers/next-navigation';
import { ChatList } from '@/components/chat/chat-list';
import {
  addMockConversation,
  createChatHandlers,
  createMockChatState,
  mockMessage,
  type MockChatState,
} from '@/lib/api/mocks/chat-handlers';
import { mockUser } from '@/lib/api/mocks/fixtures';
import { createHandlers } from '@/lib/api/mocks/handlers';
import { renderWithProviders } from '../helpers/render';

let state: MockChatState = createMockChatState();
const handlers = () => [...createChatHandlers(state), ...createHandlers(() => 'member')];
const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  state = createMockChatState();
  server.resetHandlers(...handlers());
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => server.close());

describe('chat list', () => {
  it('says there are no conversations yet and where to find people', async () => {
    renderWithProviders(<ChatList />, { user: mockUser });
    // The first test of the file also waits for the HTTP client to load.
    expect(await screen.findByText('No conversations yet', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find people' })).toHaveAttribute('href', '/members');
    expect(screen.getByRole('link', { name: 'See your likes' })).toHaveAttribute('href', '/likes');
  });

  it('lists conversations newest first with the last message, unread count and seen mark', async () => {
    addMockConversation(state, 1, {
      partner: { name: 'Emma' },
      messages: [mockMessage(11, 1, { text: 'Hi there', sent_at: '2026-11-20T10:00:00Z' })],
    });
    addMockConversation(state, 2, {
      partner: { name: 'Sofie' },
      messages: [
        mockMessage(21, 2, { text: 'Hello!', sent_at: '2026-11-24T10:00:00Z' }),
        mockMessage(22, 2, { from_viewer: true, text: 'How are you?', sent_at: '2026-11-24T10:05:00Z' }),
      ],
    }).seenUpTo = 22;
    addMockConversation(state, 3, {
      partner: { name: 'Lotte' },
      unread: 2,
      messages: [
        mockMessage(31, 3, {
          kind: 'gift',
          text: null,
          gift: { id: 'rose', image: '/rose.svg' },
          sent_at: '2026-11-25T09:00:00Z',
        }),
        mockMessage(32, 3, { text: 'A rose for you', sent_at: '2026-11-25T09:01:00Z' }),
      ],
    });
    renderWithProviders(<ChatList />, { user: mockUser });

    const list = await screen.findByRole('list', { name: 'Conversations' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getAllByRole('link')[0]?.textContent)).toEqual([
      expect.stringContaining('Lotte'),
      expect.stringContaining('Sofie'),
      expect.stringContaining('Emma'),
    ]);
    const [lotte, sofie] = rows as [HTMLElement, HTMLElement];
    expect(within(lotte).getByText('A rose for you')).toBeInTheDocument();
    expect(within(lotte).getByText('2 unread messages')).toBeInTheDocument();
    expect(within(lotte).getByRole('link', { name: /Lotte/ })).toHaveAttribute('href', '/chats/3');
    expect(within(sofie).getByText('You: How are you?')).toBeInTheDocument();
    expect(within(sofie).getByText('Seen')).toBeInTheDocument();
  });

  it('removes a conversation at once after confirming, and deletes it on the server', async () => {
    addMockConversation(state, 1, { partner: { name: 'Emma' } });
    addMockConversation(state, 2, { partner: { name: 'Sofie' } });
    const user = userEvent.setup();
    renderWithProviders(<ChatList />, { user: mockUser });

    await user.click(await screen.findByRole('button', { name: 'Options for the conversation with Emma' }));
    await user.click(screen.getByRole('button', { name: 'Remove chat' }));
    expect(
      screen.getByText('Remove your conversation with Emma? This cannot be undone.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove' }));

    expect(screen.queryByRole('link', { name: /Emma/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Sofie/ })).toBeInTheDocument();
    await waitFor(() => expect(state.removed).toEqual([1]));
  });

  it('says why a removal failed and shows the list as the server has it again', async () => {
    addMockConversation(state, 1, { partner: { name: 'Emma' } });
    state.failRemove = { code: 'internal_error', message: 'Removing failed on the server.' };
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<ChatList />, { user: mockUser });

    await user.click(await screen.findByRole('button', { name: 'Options for the conversation with Emma' }));
    await user.click(screen.getByRole('button', { name: 'Remove chat' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Removing failed on the server.'));
    expect(await screen.findByRole('link', { name: /Emma/ })).toBeInTheDocument();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    state.failList = true;
    renderWithProviders(<ChatList />, { user: mockUser });
    expect(await screen.findByText('Your conversations could not be loaded.')).toBeInTheDocument();
    state.failList = false;
    addMockConversation(state, 1, { partner: { name: 'Emma' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /Emma/ })).toBeInTheDocument();
  });
});
