import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BLURRED_PREVIEW, buildMemberCard, buildMemberDetail } from '@/tests/factories/build-member';
import '../helpers/next-navigation';
import { MemberView } from '@/components/members/member-view';
import { mockUser } from '@/lib/api/mocks/fixtures';
import { createHandlers } from '@/lib/api/mocks/handlers';
import {
  createMemberHandlers,
  createMockMembersState,
  type MockMembersState,
} from '@/lib/api/mocks/member-handlers';
import type { MemberDetail } from '@/lib/shared/schemas/members';
import { renderWithProviders } from '../helpers/render';

// The pages of later features (premium, credits, notification settings) exist in these tests, so
// their links show; without them no link is shown (tests/components/nav.test.tsx).
vi.mock('@/lib/shared/feature-pages', () => ({
  hasFeaturePage: () => true,
  buyCreditsPage: () => '/credits',
}));

let state: MockMembersState = createMockMembersState(3);
const handlers = () => [...createMemberHandlers(state), ...createHandlers(() => 'member')];
const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  state = createMockMembersState(3);
  server.resetHandlers(...handlers());
});
afterAll(() => server.close());

const member = (overrides: Partial<MemberDetail> = {}): MemberDetail =>
  buildMemberDetail(buildMemberCard(2, { name: 'Sanne', age: 31 }), {
    hair_color: 'red',
    eye_color: 'green',
    photos: [
      {
        locked: false,
        id: 20,
        image: { filename: 'p/a.jpg', thumb_filename: 'p/a_t.jpg', status: 'active' },
      },
      { locked: true, id: 21, reason: 'premium', preview: BLURRED_PREVIEW },
    ],
    ...overrides,
  });

describe('member page', () => {
  it('shows name, age, place and photos, with premium photos locked for a free member', async () => {
    renderWithProviders(<MemberView member={member()} isSelf={false} />, { user: mockUser });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sanne, 31');
    expect(screen.getByText(/Haarlem, Noord-Holland, Netherlands/)).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Photo 1 of 2 of Sanne' })).toHaveAttribute(
      'src',
      '/cdn/p/a.jpg',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show photo 2 of 2' }));
    expect(screen.getByText('This feature is only available for premium members')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Premium' })).toHaveAttribute('href', '/premium');
    // Report waits in the "…" menu beside like, message and gift.
    await userEvent.click(screen.getByRole('button', { name: 'More actions for Sanne' }));
    expect(screen.getByRole('menuitem', { name: 'Report this profile' })).toHaveAttribute(
      'href',
      '/complaints?member=2',
    );
  });

  it('keeps like, message and gift in the action bar, and block and report in a menu for the keyboard', async () => {
    renderWithProviders(<MemberView member={member()} isSelf={false} />, { user: mockUser });
    const bar = screen.getByRole('button', { name: 'Like' }).closest('.member-actions') as HTMLElement;
    expect(within(bar).getByRole('link', { name: 'Message' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Send a gift' })).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();

    const more = within(bar).getByRole('button', { name: 'More actions for Sanne' });
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    more.focus();
    await userEvent.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'More actions for Sanne' });
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Block' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Report this profile' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Block' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(within(menu).getByRole('menuitem', { name: 'Report this profile' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(more).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Block' })).toHaveFocus();
  });

  it('asks a visitor to log in for more photos and offers no block button', async () => {
    const [main] = member().photos;
    if (!main) throw new Error('the fixture has a main photo');
    const view = member({ photos: [main, { locked: true, id: 21, reason: 'login', preview: null }] });
    renderWithProviders(<MemberView member={view} isSelf={false} />, { user: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Show photo 2 of 2' }));
    expect(screen.getByRole('link', { name: 'Log in to see more photos' })).toHaveAttribute(
      'href',
      '/login?redirect=/members/2',
    );
    await userEvent.click(screen.getByRole('button', { name: 'More actions for Sanne' }));
    expect(screen.queryByRole('menuitem', { name: 'Block' })).not.toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Report this profile' })).toBeInTheDocument();
  });

  it('blocks after a confirmation and says what it means, keeping the focus in place', async () => {
    renderWithProviders(<MemberView member={member()} isSelf={false} />, { user: mockUser });
    const more = screen.getByRole('button', { name: 'More actions for Sanne' });
    await userEvent.click(more);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Block' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Block Sanne?');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Yes, block' })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(state.blocked.size).toBe(0);
    await waitFor(() => expect(more).toHaveFocus());
    await userEvent.click(more);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Block' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, block' }));
    const note = await screen.findByRole('status');
    expect(note).toHaveTextContent(/You blocked Sanne/);
    await waitFor(() => expect(note).toHaveFocus());
    await waitFor(() => expect(state.blocked.has(2)).toBe(true));

    await userEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'More actions for Sanne' })).toHaveFocus());
    expect(state.blocked.has(2)).toBe(false);
  });

  it('shows a member their own page with a way to edit it', () => {
    renderWithProviders(<MemberView member={member()} isSelf />, { user: mockUser });
    expect(screen.getByText('This is how other members see your profile.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit my profile' })).toHaveAttribute('href', '/profile');
    expect(screen.queryByRole('button', { name: 'Block' })).not.toBeInTheDocument();
  });

  it('likes a member and takes the like back', async () => {
    renderWithProviders(<MemberView member={member()} isSelf={false} />, { user: mockUser });
    const like = await screen.findByRole('button', { name: 'Like' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(like);
    const liked = await screen.findByRole('button', { name: 'Liked' });
    expect(liked).toHaveAttribute('aria-pressed', 'true');
    expect(state.liked.has(2)).toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(liked);
    expect(await screen.findByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
    expect(state.liked.has(2)).toBe(false);
  });

  it('shows the match at once when the member had liked the viewer', async () => {
    state.likedBy.set(2, { seen: false });
    renderWithProviders(<MemberView member={member({ likes_viewer: true })} isSelf={false} />, {
      user: mockUser,
    });
    expect(await screen.findByText('Likes you')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Like' }));
    const dialog = await screen.findByRole('dialog', { name: "It's a match!" });
    expect(dialog).toHaveTextContent('You and Sanne like each other.');
    expect(await screen.findByRole('button', { name: "It's a match" })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Keep browsing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('leads a visitor who wants to like to signup', async () => {
    renderWithProviders(<MemberView member={member()} isSelf={false} />, { user: null });
    expect(await screen.findByRole('link', { name: 'Like' })).toHaveAttribute('href', '/signup');
  });
});
