import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import '../helpers/next-navigation';
import { LikesOverview } from '@/components/likes/likes-overview';
import { TitleCount } from '@/components/layout/title-count';
import { likeKeys } from '@/lib/api/keys';
import { mockUser } from '@/lib/api/mocks/fixtures';
import { createHandlers } from '@/lib/api/mocks/handlers';
import {
  createMemberHandlers,
  createMockMembersState,
  type MockMembersState,
} from '@/lib/api/mocks/member-handlers';
import { renderWithProviders } from '../helpers/render';

let state: MockMembersState = createMockMembersState(6);
const handlers = () => [...createMemberHandlers(state), ...createHandlers(() => 'member')];
const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  state = createMockMembersState(6);
  server.resetHandlers(...handlers());
});
afterAll(() => server.close());

const nameOf = (id: number) => state.members.find((m) => m.id === id)?.name ?? '';

describe('likes overview', () => {
  it('lists who liked the member, marks the new likes and counts them on the tab', async () => {
    state.likedBy.set(1, { seen: false });
    state.likedBy.set(2, { seen: true });
    renderWithProviders(<LikesOverview type="received" />, { user: mockUser });

    const list = await screen.findByRole('list', { name: '' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(nameOf(1));
    expect(within(items[0] as HTMLElement).getByText('New')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).queryByText('New')).not.toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/members/1');

    const tabs = screen.getByRole('navigation', { name: 'Likes lists' });
    expect(within(tabs).getByRole('link', { name: /Received/ })).toHaveAttribute('aria-current', 'page');
    expect(await within(tabs).findByText('1 new like')).toBeInTheDocument();
    expect(within(tabs).getByRole('link', { name: 'Matches' })).toHaveAttribute('href', '/likes/matches');
  });

  it('shows matches marked as such', async () => {
    state.liked.add(3);
    state.likedBy.set(3, { seen: true });
    state.liked.add(4);
    renderWithProviders(<LikesOverview type="matches" />, { user: mockUser });
    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent(nameOf(3));
    expect(within(item).getByText('Match')).toBeInTheDocument();
  });

  it('says what an empty tab means and where to find people', async () => {
    renderWithProviders(<LikesOverview type="sent" />, { user: mockUser });
    expect(await screen.findByText('You have not liked anyone yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find people' })).toHaveAttribute('href', '/members');
  });

  it('likes back from the received list, and the match shows at once', async () => {
    state.likedBy.set(5, { seen: true });
    renderWithProviders(<LikesOverview type="received" />, { user: mockUser });
    const heart = await screen.findByRole('button', { name: `Like ${nameOf(5)}` });
    await waitFor(() => expect(heart).toBeEnabled());
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart);
    expect(await screen.findByRole('dialog', { name: "It's a match!" })).toBeInTheDocument();
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(state.liked.has(5)).toBe(true);
  });

  it('puts the new likes in front of the page title', async () => {
    document.title = 'Likes – Lovelane';
    // The likes as a page (or the logged-in refresh) brought them.
    renderWithProviders(<TitleCount />, {
      user: mockUser,
      prepare: (queryClient) =>
        queryClient.setQueryData(likeKeys.likes, {
          profiles: [],
          liked_by: [
            { id: 1, like_new: true },
            { id: 2, like_new: true },
          ],
          num_new_likes: 2,
        }),
    });
    await waitFor(() => expect(document.title).toBe('(2) Likes – Lovelane'));
    document.title = 'Search members – Lovelane';
    await waitFor(() => expect(document.title).toBe('(2) Search members – Lovelane'));
  });
});
