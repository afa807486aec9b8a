import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import '../helpers/next-navigation';
import { ChatView } from '@/components/chat/chat-view';
import { cacheUpdates } from '@/lib/api/cache-updates';
import { applyServerEvent } from '@/lib/api/server-events';
import { tabChatState } from '@/components/chat/use-chat-store';
import { chatStoreFor } from '@/stores/chat-store';
import { chatKeys, queryKeys } from '@/lib/api/keys';
import {
  addMockConversation,
  createChatHandlers,
  createMockChatState,
  mockMessage,
  type MockChatState,
} from '@/lib/api/mocks/chat-handlers';
import { mockUser } from '@/lib/api/mocks/fixtures';
import { createHandlers } from '@/lib/api/mocks/handlers';
import type { Chats } from '@/lib/shared/schemas/chat';
import type { User } from '@/lib/shared/schemas/user';
import { renderWithProviders } from '../helpers/render';

let state: MockChatState = createMockChatState();
const handlers = () => [...createChatHandlers(state), ...createHandlers(() => 'member')];
const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  state = createMockChatState();
  server.resetHandlers(...handlers());
});
afterAll(() => server.close());

const XSS = [
  '<script>alert("xss")</script>',
  '<img src=x onerror="alert(1)">',
  'javascript:alert(document.cookie)',
  'Look at https://example.com/profile?a=1 and <b>bold</b>',
];

describe('conversation', () => {
  it('shows every message as plain text; only web addresses become links', async () => {
    addMockConversation(state, 7, {
      partner: { name: 'Emma' },
      messages: XSS.map((text, i) => mockMessage(700 + i, 7, { text })),
    });
    const { container } = renderWithProviders(<ChatView target={{ conversation: 7 }} />, { user: mockUser });

    // The first test of the file also waits for the HTTP client to load.
    const list = await screen.findByRole('list', { name: 'Messages with Emma' }, { timeout: 5_000 });
    const shown = [...list.querySelectorAll('.chat-text')].map((p) => p.textContent);
    expect(shown).toEqual(XSS);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('.chat-messages img')).toBeNull();
    expect(container.querySelector('.chat-messages b')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://example.com/profile?a=1');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
  });

  it('reads the conversation when it opens, and says which of own messages were seen', async () => {
    const conversation = addMockConversation(state, 3, {
      partner: { name: 'Sofie' },
      messages: [
        mockMessage(31, 3, { text: 'Hi!' }),
        mockMessage(32, 3, { from_viewer: true, text: 'Hello Sofie' }),
        mockMessage(33, 3, { text: 'Fancy a coffee?' }),
        mockMessage(34, 3, { from_viewer: true, text: 'Sure' }),
      ],
      unread: 1,
    });
    conversation.seenUpTo = 32;
    const chats: Chats = {
      chats: [
        {
          conversation: { id: 3 },
          profile: conversation.partner,
          num_unread_messages: 1,
          last_message: null,
        },
      ],
      num_unread_messages: 1,
    };
    const { queryClient } = renderWithProviders(<ChatView target={{ conversation: 3 }} />, {
      user: mockUser,
      prepare: (client) => client.setQueryData(chatKeys.chats, chats),
    });

    const seen = await screen.findByText('Seen');
    expect(seen.closest('li')).toHaveTextContent('Hello Sofie');
    await waitFor(() => expect(state.reads).toEqual([{ conversation: 3, message: 33 }]));
    expect(queryClient.getQueryData<Chats>(chatKeys.chats)?.num_unread_messages).toBe(0);
  });

  it('shows the price, counts characters, and sends with Enter', async () => {
    addMockConversation(state, 4, { partner: { name: 'Lotte' }, count: 1 });
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<ChatView target={{ conversation: 4 }} />, {
      user: { ...mockUser, credits: 100 },
    });

    expect(await screen.findByText('1 message = 10 credits (≈ €1.99)')).toBeInTheDocument();
    const box = screen.getByRole('textbox', { name: 'Message to Lotte' });
    await user.type(box, 'Hello Lotte');
    expect(screen.getByText('11 / 1000')).toBeInTheDocument();
    await user.keyboard('{Shift>}{Enter}{/Shift}again');
    expect(box).toHaveValue('Hello Lotte\nagain');
    await user.keyboard('{Enter}');

    expect(box).toHaveValue('');
    expect(await screen.findByText(/Hello Lotte\s+again/)).toBeInTheDocument();
    await waitFor(() => expect(state.sent).toHaveLength(1));
    expect(state.sent[0]).toMatchObject({ kind: 'text', member: 104, text: 'Hello Lotte\nagain' });
    // The credits the answer reports show at once.
    await waitFor(() => expect(queryClient.getQueryData<User>(queryKeys.user)?.credits).toBe(90));
  });

  it('keeps a refused message with its text, asks to buy credits, and retries with the same key', async () => {
    addMockConversation(state, 5, { partner: { name: 'Anna' }, count: 1 });
    state.failSend = { code: 'insufficient_credits' };
    const user = userEvent.setup();
    renderWithProviders(<ChatView target={{ conversation: 5 }} />, { user: mockUser });

    await user.type(await screen.findByRole('textbox', { name: 'Message to Anna' }), 'Are you there?{Enter}');

    const prompt = await screen.findByText('You do not have enough credits', { selector: 'p' });
    // The way to buy them: the credits page.
    expect(
      within(prompt.closest('[role="alert"]') as HTMLElement).getByRole('link', { name: 'Buy credits' }),
    ).toHaveAttribute('href', '/credits');
    const bubble = screen.getByText('Are you there?').closest('li') as HTMLElement;
    expect(within(bubble).getByText('You do not have enough credits')).toBeInTheDocument();

    state.failSend = null;
    await user.click(within(bubble).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(state.sent).toHaveLength(2));
    expect(state.sent[1]?.client_key).toBe(state.sent[0]?.client_key);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument());
    expect(screen.getByText('Are you there?')).toBeInTheDocument();
  });

  it('says a text is too long and does not send it', async () => {
    const conversation = addMockConversation(state, 6, { partner: { name: 'Julia' }, count: 1 });
    conversation.composer.message_length = 5;
    const user = userEvent.setup();
    renderWithProviders(<ChatView target={{ conversation: 6 }} />, { user: mockUser });
    await user.type(await screen.findByRole('textbox', { name: 'Message to Julia' }), 'Too long{Enter}');
    expect(screen.getByText('Too long: at most 5 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(state.sent).toHaveLength(0);
  });

  it('asks to confirm the e-mail address instead of offering the composer', async () => {
    const conversation = addMockConversation(state, 8, { partner: { name: 'Mila' }, count: 1 });
    conversation.composer.blocked_reason = 'confirm_email';
    renderWithProviders(<ChatView target={{ conversation: 8 }} />, { user: mockUser });
    expect(await screen.findByText('Confirm your e-mail address to chat')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send the e-mail again' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('offers premium when the free conversations are used up', async () => {
    state.partners.set(55, {
      id: 55,
      name: 'Nora',
      age: 30,
      city: null,
      fictional: false,
      verified: false,
      online: false,
      thumb: null,
      unavailable: false,
      awaiting_confirmation: false,
    });
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<ChatView target={{ member: 55 }} />, { user: mockUser });
    await screen.findByRole('textbox', { name: 'Message to Nora' });
    queryClient.setQueryData(chatKeys.byMember(55), (current: unknown) => {
      const data = current as { pages: { composer: object }[]; pageParams: unknown[] };
      const [first, ...rest] = data.pages;
      return {
        ...data,
        pages: [
          { ...first, composer: { ...first?.composer, blocked_reason: 'conversation_limit' } },
          ...rest,
        ],
      };
    });
    // No openers are offered where the member cannot start a conversation.
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Break the ice' })).not.toBeInTheDocument(),
    );
    await user.type(screen.getByRole('textbox', { name: 'Message to Nora' }), 'Hi Nora{Enter}');
    const offer = await screen.findByRole('dialog', { name: 'Chat without limits' });
    expect(within(offer).getByText('This feature is only available for premium members')).toBeInTheDocument();
    expect(within(offer).getByText('46% higher chance to match')).toBeInTheDocument();
    expect(state.sent).toHaveLength(0);
  });

  it('brings older messages on request and keeps the newest in view', async () => {
    addMockConversation(state, 9, {
      partner: { name: 'Emma' },
      messages: Array.from({ length: 60 }, (_, i) => mockMessage(900 + i, 9, { text: `Line ${i + 1}` })),
    });
    const user = userEvent.setup();
    renderWithProviders(<ChatView target={{ conversation: 9 }} />, { user: mockUser });
    expect(await screen.findByText('Line 60')).toBeInTheDocument();
    expect(screen.queryByText('Line 1')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show older messages' }));
    expect(await screen.findByText('Line 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older messages' })).not.toBeInTheDocument();
  });

  it('shows the partner typing, tells when the viewer types, and announces a new message', async () => {
    const conversation = addMockConversation(state, 10, { partner: { name: 'Mila' }, count: 1 });
    const user = userEvent.setup();
    const { queryClient } = renderWithProviders(<ChatView target={{ conversation: 10 }} />, {
      user: mockUser,
    });
    await user.type(await screen.findByRole('textbox', { name: 'Message to Mila' }), 'Hey');
    await waitFor(() => expect(state.typing).toEqual([10]));

    // As the event stream hands them over: with this tab's chat state.
    const updates = cacheUpdates(queryClient);
    const tab = tabChatState(chatStoreFor(queryClient));
    act(() =>
      applyServerEvent(updates, { type: 'typing', conversation: 10, member: conversation.partner.id }, tab),
    );
    expect(await screen.findByText('Mila is typing…')).toBeInTheDocument();

    const message = mockMessage(1050, 10, { text: 'Are you free tonight?' });
    conversation.messages.push(message);
    act(() =>
      applyServerEvent(
        updates,
        {
          type: 'message',
          message,
          chat: {
            conversation: { id: 10 },
            profile: conversation.partner,
            num_unread_messages: 1,
            last_message: null,
          },
        },
        tab,
      ),
    );
    expect(await screen.findByText('Are you free tonight?')).toBeInTheDocument();
    expect(screen.queryByText('Mila is typing…')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent(
        'New message from Mila: Are you free tonight?',
      ),
    );
    // Open and visible: read at once.
    await waitFor(() => expect(state.reads.at(-1)).toEqual({ conversation: 10, message: 1050 }));
  });
});
