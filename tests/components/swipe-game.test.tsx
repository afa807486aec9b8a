import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import '../helpers/next-navigation';
import { SwipeGame } from '@/components/swipe/swipe-game';
import { mockUser } from '@/lib/api/mocks/fixtures';
import { createHandlers } from '@/lib/api/mocks/handlers';
import {
  createMemberHandlers,
  createMockMembersState,
  type MockMembersState,
} from '@/lib/api/mocks/member-handlers';
import { renderWithProviders } from '../helpers/render';

// The game loads its code for dragging and springs on first render; a busy machine needs longer than 1 s.
configure({ asyncUtilTimeout: 5_000 });

let state: MockMembersState = createMockMembersState(8);
const handlers = () => [...createMemberHandlers(state), ...createHandlers(() => 'member')];
const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  state = createMockMembersState(8);
  server.resetHandlers(...handlers());
});
afterAll(() => server.close());

const nameOf = (index: number) => state.members[index]?.name ?? '';
const likeButton = (index: number) => screen.findByRole('button', { name: `Like ${nameOf(index)}` });
const passButton = (index: number) => screen.findByRole('button', { name: `Pass ${nameOf(index)}` });

describe('swipe game', () => {
  it('likes and passes the top card with the buttons, and counts the likes left', async () => {
    renderWithProviders(<SwipeGame />, { user: mockUser });
    expect(await screen.findByText('4 likes left today')).toBeInTheDocument();
    const stack = screen.getByRole('region', { name: /Cards to swipe/ });
    expect(within(stack).getByRole('heading', { name: new RegExp(nameOf(0)) })).toBeInTheDocument();
    expect(within(stack).getByRole('link', { name: `View profile of ${nameOf(0)}` })).toHaveAttribute(
      'href',
      `/members/${state.members[0]?.id}`,
    );

    await userEvent.click(await likeButton(0));
    expect(await screen.findByText(`Liked ${nameOf(0)}`)).toBeInTheDocument();
    expect(await screen.findByText('3 likes left today')).toBeInTheDocument();
    await waitFor(() => expect(state.liked.has(state.members[0]?.id ?? 0)).toBe(true));

    await userEvent.click(await passButton(1));
    expect(await screen.findByText(`Passed ${nameOf(1)}`)).toBeInTheDocument();
    await waitFor(() => expect(state.passed.has(state.members[1]?.id ?? 0)).toBe(true));
    expect(await likeButton(2)).toBeEnabled();
    expect(screen.getByText('3 likes left today')).toBeInTheDocument();
  });

  it('deals photo-verified members only while its switch is pressed', async () => {
    state.members = state.members.map((member, i) => ({ ...member, verified: i % 2 === 1 }));
    renderWithProviders(<SwipeGame />, { user: mockUser });
    const stack = await screen.findByRole('region', { name: /Cards to swipe/ });
    expect(within(stack).getByRole('heading', { name: new RegExp(nameOf(0)) })).toBeInTheDocument();
    const only = screen.getByRole('button', { name: 'Verified only' });
    expect(only).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(only);
    expect(only).toHaveAttribute('aria-pressed', 'true');
    const verifiedStack = await screen.findByRole('region', { name: /Cards to swipe/ });
    const top = await within(verifiedStack).findByRole('heading', { name: new RegExp(nameOf(1)) });
    expect(within(top).getByRole('img', { name: 'Photo verified' })).toBeInTheDocument();
    expect(await likeButton(1)).toBeEnabled();

    await userEvent.click(only);
    expect(await likeButton(0)).toBeEnabled();
  });

  it('plays with the arrow keys when the stack has focus', async () => {
    renderWithProviders(<SwipeGame />, { user: mockUser });
    const stack = await screen.findByRole('region', { name: /Cards to swipe/ });
    stack.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(await screen.findByText(`Passed ${nameOf(0)}`)).toBeInTheDocument();
    await userEvent.keyboard('{ArrowRight}');
    expect(await screen.findByText(`Liked ${nameOf(1)}`)).toBeInTheDocument();
    await waitFor(() => expect(state.liked.has(state.members[1]?.id ?? 0)).toBe(true));
    expect(state.passed.has(state.members[0]?.id ?? 0)).toBe(true);
    expect(stack).toHaveFocus();
  });

  it('stops a free member after four likes, friendly, with the time left and what premium gives', async () => {
    renderWithProviders(<SwipeGame />, { user: mockUser });
    for (let i = 0; i < 4; i += 1) await userEvent.click(await likeButton(i));
    const done = await screen.findByRole('region', { name: "That's all for today" });
    expect(done).toHaveTextContent("You have used today's 4 likes. New likes arrive at midnight.");
    expect(within(done).getByText(/^New likes in \d+:\d\d:\d\d$/)).toBeInTheDocument();
    expect(done).toHaveTextContent('Premium members like as many people as they want, every day.');
    expect(within(done).getByRole('link', { name: 'Get Premium' })).toHaveAttribute('href', '/premium');
    expect(within(done).getByRole('link', { name: 'Search members' })).toHaveAttribute('href', '/members');
    expect(screen.queryByRole('button', { name: /^Like / })).not.toBeInTheDocument();
    expect(screen.getByText('No likes left today')).toBeInTheDocument();
    await waitFor(() => expect(within(done).getByRole('heading')).toHaveFocus());
    expect(state.liked.size).toBe(4);
  });

  it('says so when the likes were used up elsewhere, and stops', async () => {
    renderWithProviders(<SwipeGame />, { user: mockUser });
    const like = await likeButton(0);
    // Another tab spent today's likes meanwhile.
    state.swipeLikesLeft = 0;
    await userEvent.click(like);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "You have used today's 4 likes. New likes at midnight.",
    );
    expect(await screen.findByRole('region', { name: "That's all for today" })).toBeInTheDocument();
    expect(state.liked.size).toBe(0);
  });

  it('lets premium members like on without a daily limit', async () => {
    state.swipeLikesLeft = null;
    renderWithProviders(<SwipeGame />, { user: { ...mockUser, paid_user: true } });
    expect(await screen.findByText('Unlimited likes')).toBeInTheDocument();
    for (let i = 0; i < 6; i += 1) await userEvent.click(await likeButton(i));
    await waitFor(() => expect(state.liked.size).toBe(6));
    expect(await likeButton(6)).toBeEnabled();
  });

  it('shows the match when a like is mutual', async () => {
    state.likedBy.set(state.members[0]?.id ?? 0, { seen: true });
    renderWithProviders(<SwipeGame />, { user: mockUser });
    await userEvent.click(await likeButton(0));
    const dialog = await screen.findByRole('dialog', { name: "It's a match!" });
    expect(dialog).toHaveTextContent(`You and ${nameOf(0)} like each other.`);
  });

  it('tops the stack up as it runs low, until nobody is left', async () => {
    state = createMockMembersState(26);
    server.resetHandlers(...handlers());
    renderWithProviders(<SwipeGame />, { user: mockUser });
    for (let i = 0; i < 26; i += 1) await userEvent.click(await passButton(i));
    expect(
      await screen.findByRole('heading', { name: 'You have seen everyone for now' }),
    ).toBeInTheDocument();
    expect(state.passed.size).toBe(26);
  });

  it('says when nobody is left, and where to look instead', async () => {
    state.members = [];
    renderWithProviders(<SwipeGame />, { user: mockUser });
    expect(
      await screen.findByRole('heading', { name: 'You have seen everyone for now' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search members' })).toHaveAttribute('href', '/members');
  });
});
