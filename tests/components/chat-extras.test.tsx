import type { QueryClient } from '@tanstack/react-query';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GifSearch } from '@/components/chat/gif-search';
import { GiftPicker } from '@/components/chat/gift-picker';
import { IcebreakerModal } from '@/components/chat/icebreaker-modal';
import { SendGift } from '@/components/members/send-gift';
import { queryKeys } from '@/lib/api/keys';
import {
  catalogueGif,
  createChatExtrasHandlers,
  createMockChatExtrasState,
  type MockChatExtrasState,
} from '@/lib/api/mocks/chat-extras-handlers';
import { mockSettings, mockUser } from '@/lib/api/mocks/fixtures';
import { createHandlers } from '@/lib/api/mocks/handlers';
import type { User } from '@/lib/shared/schemas/user';
import { renderWithProviders } from '../helpers/render';

// The first call loads the HTTP client; on a busy machine that alone can take a second.
configure({ asyncUtilTimeout: 5_000 });

let state: MockChatExtrasState = createMockChatExtrasState();
const handlers = () => [...createChatExtrasHandlers(state), ...createHandlers(() => 'member')];
const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  state = createMockChatExtrasState();
  server.resetHandlers(...handlers());
});
afterAll(() => server.close());

describe('gift picker', () => {
  it('shows every gift with its name and price; picking one hands it over', async () => {
    const onPick = vi.fn();
    renderWithProviders(<GiftPicker show giftCredits={20} onPick={onPick} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Send a gift' });
    const rose = await within(dialog).findByRole('button', { description: 'Send Rose for 20 credits' });
    expect(within(dialog).getAllByRole('button', { description: /^Send .* for 20 credits$/ })).toHaveLength(
      state.gifts.length,
    );
    expect(rose).toHaveTextContent('Rose20 credits');
    expect(rose.querySelector('img')).toHaveAttribute('src', '/gifts/rose.svg');

    await userEvent.click(
      within(dialog).getByRole('button', { description: 'Send Teddy bear for 20 credits' }),
    );
    expect(onPick).toHaveBeenCalledWith({
      id: 'teddy-bear',
      name: 'Teddy bear',
      image: '/gifts/teddy-bear.svg',
    });
  });

  it('says when the gifts could not be loaded, and tries again', async () => {
    state.failing.add('gifts');
    renderWithProviders(<GiftPicker show giftCredits={20} onPick={vi.fn()} onClose={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The gifts could not be loaded.');
    state.failing.delete('gifts');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('button', { description: 'Send Rose for 20 credits' }),
    ).toBeInTheDocument();
  });

  it('closes with its close button', async () => {
    const onClose = vi.fn();
    renderWithProviders(<GiftPicker show giftCredits={20} onPick={vi.fn()} onClose={onClose} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('GIF search', () => {
  it('shows popular GIFs first, searches once typing pauses, and hands over the picked GIF', async () => {
    const onPick = vi.fn();
    renderWithProviders(<GifSearch show onPick={onPick} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Send a GIF' });
    expect(await within(dialog).findByText('Popular')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: /^Send GIF: / })).toHaveLength(state.gifs.length);
    const wave = within(dialog).getByRole('button', { name: 'Send GIF: Waving hand' }).querySelector('img');
    expect(wave).toHaveAttribute('width', '160');
    expect(wave).toHaveAttribute('height', '160');

    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search GIFs' }), 'cat');
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Send GIF: Waving hand' })).not.toBeInTheDocument(),
    );
    expect(within(dialog).getAllByRole('button', { name: /^Send GIF: / })).toHaveLength(1);
    // One search for the whole word, none for each keystroke.
    expect(state.gifQueries).toEqual(['', 'cat']);
    expect(within(dialog).queryByText(/Powered by/)).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send GIF: Cat' }));
    expect(onPick).toHaveBeenCalledWith(catalogueGif('cat', 'Cat'));
  });

  it('says when nothing was found', async () => {
    renderWithProviders(<GifSearch show onPick={vi.fn()} onClose={vi.fn()} />);
    const input = await screen.findByRole('searchbox', { name: 'Search GIFs' });
    expect(input).toHaveAttribute('placeholder', 'Search GIFs, e.g. hello');
    await waitFor(() => expect(input).toHaveFocus());
    await userEvent.type(input, 'xylophone');
    expect(await screen.findByText('No GIFs found for “xylophone”. Try another word.')).toBeInTheDocument();
  });

  it('shows the service’s error and tries again; shows the service’s attribution', async () => {
    state.failing.add('gifs');
    state.attribution = 'GIPHY';
    renderWithProviders(<GifSearch show onPick={vi.fn()} onClose={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'GIF search is not available right now. Please try again in a moment.',
    );
    state.failing.delete('gifs');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Send GIF: Cat' })).toBeInTheDocument();
    expect(screen.getByText('Powered by GIPHY')).toBeInTheDocument();
  });

  it('loads more GIFs page by page', async () => {
    state.gifs = Array.from({ length: 30 }, (_, index) => catalogueGif(`gif-${index}`, `Reaction ${index}`));
    renderWithProviders(<GifSearch show onPick={vi.fn()} onClose={vi.fn()} />);
    await screen.findByRole('button', { name: 'Send GIF: Reaction 0' });
    expect(screen.getAllByRole('button', { name: /^Send GIF: / })).toHaveLength(24);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('button', { name: 'Send GIF: Reaction 29' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Send GIF: / })).toHaveLength(30);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});

describe('icebreaker modal', () => {
  it('lists openers for the member; picking one fills the composer', async () => {
    const onPick = vi.fn();
    renderWithProviders(
      <IcebreakerModal show member={42} memberName="Anna" onPick={onPick} onClose={vi.fn()} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Break the ice' });
    expect(dialog).toHaveTextContent('Pick an opener for Anna. You can change it before you send it.');
    const opener = await within(dialog).findByRole('button', {
      name: 'What does a perfect Sunday look like for you?',
    });
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(state.icebreakers.length);
    await userEvent.click(opener);
    expect(onPick).toHaveBeenCalledWith('What does a perfect Sunday look like for you?');
  });

  it('says when the openers could not be loaded', async () => {
    state.failing.add('icebreakers');
    renderWithProviders(
      <IcebreakerModal show member={42} memberName="Anna" onPick={vi.fn()} onClose={vi.fn()} />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The suggestions could not be loaded.');
  });
});

describe('send a gift from a member’s page', () => {
  const anna = { id: 42, name: 'Anna' };
  const withSettings = (user: User | null) => ({
    user,
    prepare: (client: QueryClient) => client.setQueryData(queryKeys.settings, mockSettings),
  });

  it('sends the picked gift and says so', async () => {
    const { queryClient } = renderWithProviders(<SendGift member={anna} />, withSettings(mockUser));
    await userEvent.click(screen.getByRole('button', { name: 'Send a gift' }));
    await userEvent.click(await screen.findByRole('button', { description: /^Send Rose for/ }));
    expect(await screen.findByText('Gift sent to Anna')).toBeInTheDocument();
    expect(state.sent).toEqual([
      { member: 42, gift: 'rose', client_key: expect.stringMatching(/^[\w-]{8,64}$/) },
    ]);
    await waitFor(() => expect(queryClient.getQueryData<User>(queryKeys.user)?.credits).toBe(80));
  });

  it('says when the credits are not enough, with the way to the credits page', async () => {
    state.credits = 5;
    renderWithProviders(<SendGift member={anna} />, withSettings(mockUser));
    await userEvent.click(screen.getByRole('button', { name: 'Send a gift' }));
    await userEvent.click(await screen.findByRole('button', { description: /^Send Heart for/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You do not have enough credits');
    expect(within(alert).getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/credits');
    expect(state.sent).toEqual([]);
  });

  it('leads visitors to signup', () => {
    renderWithProviders(<SendGift member={anna} />, withSettings(null));
    expect(screen.getByRole('link', { name: 'Send a gift' })).toHaveAttribute('href', '/signup');
  });
});
