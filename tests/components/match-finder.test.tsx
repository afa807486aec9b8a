import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import '../helpers/next-navigation';
import { MatchFinder } from '@/components/match-finder/match-finder';
import { SignupMatches } from '@/components/match-finder/signup-matches';
import { queryKeys } from '@/lib/api/keys';
import { mockUser } from '@/lib/api/mocks/fixtures';
import { createHandlers } from '@/lib/api/mocks/handlers';
import {
  createMatchFinderHandlers,
  createMockMatchState,
  type MockMatchState,
} from '@/lib/api/mocks/match-finder-handlers';
import {
  createMemberHandlers,
  createMockMembersState,
  type MockMembersState,
} from '@/lib/api/mocks/member-handlers';
import { renderWithProviders } from '../helpers/render';

let members: MockMembersState = createMockMembersState();
let matches: MockMatchState = createMockMatchState();
const handlers = () => [
  ...createMatchFinderHandlers(members, matches),
  ...createMemberHandlers(members),
  ...createHandlers(() => 'member'),
];
const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  members = createMockMembersState();
  matches = createMockMatchState();
  server.resetHandlers(...handlers());
});
afterAll(() => server.close());

const INTERESTS = {
  interests: [
    { id: 1, slug: 'travel' },
    { id: 2, slug: 'cooking' },
    { id: 3, slug: 'music' },
    { id: 4, slug: 'movies' },
  ],
};

function renderFinder(options: { isLocated?: boolean } = {}) {
  return renderWithProviders(<MatchFinder initial={null} isLocated={options.isLocated ?? true} />, {
    user: mockUser,
    prepare: (client) => client.setQueryData(queryKeys.interests, INTERESTS),
  });
}

const results = () => screen.findByRole('list', { name: 'Your best matches' });

describe('match-finder', () => {
  it('asks the four questions prefilled from the profile and lists the best matches with why', async () => {
    renderFinder();
    const list = await results();
    // The profile's answers: women, 26 to 42, 50 km, travel and music.
    expect(screen.getByRole('radio', { name: 'Women' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'From' })).toHaveValue('26');
    expect(screen.getByRole('combobox', { name: 'to' })).toHaveValue('42');
    expect(screen.getByRole('radio', { name: '50 km' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Travel' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Music' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Cooking' })).not.toBeChecked();

    const items = within(list)
      .getAllByRole('listitem', { name: '' })
      .filter((li) => li.parentElement === list);
    // Women aged 26 to 42 of the mocked members: ids 7, 9, …, 21.
    expect(items).toHaveLength(8);
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('8 members fit best.');
    const first = items[0] as HTMLElement;
    expect(within(first).getByRole('link')).toHaveAttribute('href', '/members/7');
    const reasons = within(first).getByRole('list', { name: 'Why Member7 fits you' });
    expect(reasons).toHaveTextContent('3 shared interests');
    expect(reasons).toHaveTextContent('2 km away');
    // Member 9 is online (every third member is).
    expect(within(items[1] as HTMLElement).getByText('Online now')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).queryByText(/shared interest/)).not.toBeInTheDocument();
  });

  it('asks again with other answers, announces the new list and moves to it', async () => {
    const user = userEvent.setup();
    renderFinder();
    await results();
    await user.click(screen.getByRole('radio', { name: 'Men' }));
    await user.click(screen.getByRole('radio', { name: '10 km' }));
    await user.click(screen.getByRole('checkbox', { name: 'Music' }));
    await user.click(screen.getByRole('checkbox', { name: 'Cooking' }));
    await user.click(screen.getByRole('button', { name: 'Show my matches' }));

    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your best matches' })).toHaveFocus());
    const query = new URLSearchParams(matches.queries.at(-1));
    expect(Object.fromEntries(query)).toEqual({
      gender: 'male',
      age_min: '26',
      age_max: '42',
      distance: '10',
      interests: '1,2',
    });
    const list = await results();
    expect(within(list).getAllByRole('link')[0]).toHaveAttribute('href', '/members/6');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('9 members fit best.');
  });

  it('likes a member from the list', async () => {
    const user = userEvent.setup();
    renderFinder();
    await results();
    const heart = screen.getByRole('button', { name: 'Like Member7' });
    await waitFor(() => expect(heart).toBeEnabled());
    await user.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(members.likeSources.get(7)).toBe('member');
  });

  it('does not ask with an age range that runs backwards, and says why', async () => {
    const user = userEvent.setup();
    renderFinder();
    await results();
    const asked = matches.queries.length;
    await user.selectOptions(screen.getByRole('combobox', { name: 'From' }), '50');
    await user.selectOptions(screen.getByRole('combobox', { name: 'to' }), '30');
    await user.click(screen.getByRole('button', { name: 'Show my matches' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The first age must not be higher than the second.');
    expect(screen.getByRole('combobox', { name: 'From' })).toHaveAccessibleDescription(
      'The first age must not be higher than the second.',
    );
    expect(matches.queries).toHaveLength(asked);
  });

  it('says so when nobody fits, and how distances work without a town', async () => {
    members.members = [];
    matches.located = false;
    renderFinder({ isLocated: false });
    expect(await screen.findByText('No one fits these answers yet')).toBeInTheDocument();
    expect(screen.getByText(/Try a larger distance/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your town' })).toHaveAttribute('href', '/profile');
  });

  it('shows the first interests and the picked ones, and all of them on request', async () => {
    const user = userEvent.setup();
    const many = {
      interests: Array.from({ length: 16 }, (_, i) => ({ id: i + 1, slug: `hobby${i + 1}` })),
    };
    matches.profileAnswers.interests = [15];
    renderWithProviders(<MatchFinder initial={null} isLocated />, {
      user: mockUser,
      prepare: (client) => client.setQueryData(queryKeys.interests, many),
    });
    await results();
    // The first twelve, and the member's own one beyond them.
    expect(screen.getAllByRole('checkbox')).toHaveLength(13);
    expect(screen.getByRole('checkbox', { name: 'hobby15' })).toBeChecked();
    const more = screen.getByRole('button', { name: 'Show all 16 interests' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(screen.getAllByRole('checkbox')).toHaveLength(16);
    expect(screen.getByRole('button', { name: 'Show fewer interests' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('offers to try again when the list cannot be loaded', async () => {
    matches.error = { status: 500, message: 'Something went wrong.' };
    renderFinder();
    expect(await screen.findByText('Your matches could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('signup matches', () => {
  it('offers members who fit, liked with one tap each, and the way on to the search', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignupMatches />, { user: mockUser });
    const list = await screen.findByRole('list', { name: 'Suggested members' });
    expect(within(list).getAllByRole('link')).toHaveLength(12);
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Tap a heart to like someone.');

    const heart = screen.getByRole('button', { name: 'Like Member1' });
    await waitFor(() => expect(heart).toBeEnabled());
    await user.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    expect(members.likeSources.get(1)).toBe('signup');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('You liked 1 member.');
    expect(screen.getByRole('link', { name: 'Continue to search' })).toHaveAttribute('href', '/members');
  });

  it('says so kindly when nobody fits yet, and still leads on', async () => {
    members.members = [];
    renderWithProviders(<SignupMatches />, { user: mockUser });
    expect(await screen.findByText('No one to suggest yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to search' })).toHaveAttribute('href', '/members');
  });
});
