import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigation } from '../helpers/next-navigation';
import { AutoLike } from '@/components/likes/auto-like';
import { LikeModal } from '@/components/likes/like-modal';
import { likeKeys } from '@/lib/api/keys';
import { mockUser } from '@/lib/api/mocks/fixtures';
import { createHandlers } from '@/lib/api/mocks/handlers';
import {
  createMemberHandlers,
  createMockMembersState,
  type MockMembersState,
} from '@/lib/api/mocks/member-handlers';
import type { LikerProfile, LikesState } from '@/lib/shared/schemas/likes';
import { renderWithProviders } from '../helpers/render';

const liker: LikerProfile = {
  id: 42,
  name: 'Sanne',
  age: 29,
  fictional: false,
  main_image: { match: '/cdn/p/sanne.jpg' },
};

describe('like modal', () => {
  it('shows the new like with the liker’s photo; the photo and the caller’s button report the liker', async () => {
    const onAction = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(
      <LikeModal liker={liker} actionLabel="Say hello" onAction={onAction} onClose={onClose} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'New like!' });
    expect(dialog).toHaveAccessibleDescription('Sanne, 29, likes you.');
    expect(dialog.querySelector('img')).toHaveAttribute('src', '/cdn/p/sanne.jpg');
    expect(screen.getByRole('button', { name: 'Say hello' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Open the profile of Sanne' }));
    await userEvent.click(screen.getByRole('button', { name: 'Say hello' }));
    expect(onAction.mock.calls).toEqual([[42], [42]]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes on a click anywhere else and on the close button (Escape: in the browser flows)', async () => {
    for (const close of ['overlay', 'button'] as const) {
      const onClose = vi.fn();
      const view = renderWithProviders(
        <LikeModal liker={liker} actionLabel="Say hello" onAction={vi.fn()} onClose={onClose} />,
      );
      const dialog = screen.getByRole('dialog', { name: 'New like!' });
      if (close === 'overlay') await userEvent.click(screen.getByText('Sanne, 29, likes you.'));
      if (close === 'button') await userEvent.click(screen.getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
      expect(dialog).not.toHaveAttribute('open');
      view.unmount();
    }
  });

  it('discloses a fictional liker', () => {
    renderWithProviders(
      <LikeModal
        liker={{ ...liker, fictional: true }}
        actionLabel="Say hello"
        fictionalLabel="Fictional profile"
        onAction={vi.fn()}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByRole('dialog')).toHaveTextContent('Fictional profile');
  });
});

describe('query t', () => {
  let state: MockMembersState = createMockMembersState(4);
  let likesCalls = 0;
  const handlers = () => [
    http.get('*/api/likes.php', () => {
      likesCalls += 1;
    }),
    ...createMemberHandlers(state),
    ...createHandlers(() => 'member'),
  ];
  const server = setupServer(...handlers());
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    state = createMockMembersState(4);
    likesCalls = 0;
    server.resetHandlers(...handlers());
  });
  afterAll(() => {
    server.close();
    navigation.search = new URLSearchParams();
  });

  it('shows the like modal for the auto-like, takes t out of the URL and reloads the likes', async () => {
    window.history.replaceState(null, '', '/members?t=0&gender=female');
    navigation.search = new URLSearchParams('t=0&gender=female');
    const { queryClient } = renderWithProviders(<AutoLike />, { user: mockUser });

    const dialog = await screen.findByRole('dialog', { name: 'New like!' });
    const first = state.members[0];
    expect(dialog).toHaveTextContent(`${first?.name}, ${first?.age}, likes you.`);
    expect(window.location.pathname + window.location.search).toBe('/members?gender=female');
    // The liker's new like reaches the cache (the badge) shortly after the call.
    await waitFor(() => expect(likesCalls).toBe(1));
    await waitFor(() => expect(queryClient.getQueryData<LikesState>(likeKeys.likes)?.num_new_likes).toBe(1));

    await userEvent.click(screen.getByRole('button', { name: 'View profile' }));
    expect(navigation.router.push).toHaveBeenCalledWith(`/members/${first?.id}`);
  });

  it('does nothing for visitors', () => {
    window.history.replaceState(null, '', '/?t=0');
    navigation.search = new URLSearchParams('t=0');
    renderWithProviders(<AutoLike />, { user: null });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.location.search).toBe('?t=0');
  });
});
