import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '@/tests/factories/build-user';
import { buildMemberCard } from '@/tests/factories/build-member';
import '../helpers/next-navigation';
import { MemberSearch } from '@/components/members/member-search';
import { SearchStoreProvider } from '@/components/members/search-store-provider';
import { mockRegions, mockUser } from '@/lib/api/mocks/fixtures';
import { queryKeys } from '@/lib/api/keys';
import { createHandlers } from '@/lib/api/mocks/handlers';
import {
  createMemberHandlers,
  createMockMembersState,
  type MockMembersState,
} from '@/lib/api/mocks/member-handlers';
import type { SearchFilters } from '@/lib/shared/schemas/members';
import { renderWithProviders } from '../helpers/render';

let state: MockMembersState = createMockMembersState();
const handlers = () => [...createMemberHandlers(state), ...createHandlers(() => 'member')];
const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  state = createMockMembersState();
  server.resetHandlers(...handlers());
});
afterAll(() => server.close());

function renderSearch(
  filters: SearchFilters = { gender: 'female', country: 'NL' },
  user = mockUser,
  prepare?: (queryClient: QueryClient) => void,
) {
  return renderWithProviders(
    <SearchStoreProvider initialFilters={filters}>
      <MemberSearch />
    </SearchStoreProvider>,
    { user, prepare },
  );
}
const results = () => within(screen.getByRole('list', { name: 'Search results' })).queryAllByRole('article');

describe('member search', () => {
  it('searches with the starting filters and adds pages as the member asks for more', async () => {
    state.members = Array.from({ length: 30 }, (_, i) => buildMemberCard(i + 1, { gender: 'female' }));
    renderSearch();
    expect(await screen.findByRole('heading', { name: '30 members found' })).toBeInTheDocument();
    expect(results()).toHaveLength(24);
    expect(state.searches[0]).toContain('gender=female');
    expect(state.searches[0]).toContain('country=NL');
    expect(screen.getByRole('link', { name: /Member1, 21/ })).toHaveAttribute('href', '/members/1');

    await userEvent.click(screen.getByRole('button', { name: 'Show more members' }));
    await waitFor(() => expect(results()).toHaveLength(30));
    expect(state.searches[1]).toContain('page=2');
    expect(screen.queryByRole('button', { name: 'Show more members' })).not.toBeInTheDocument();
  });

  it('starts over with new filters', async () => {
    renderSearch();
    await screen.findByRole('heading', { name: /members found/ });
    await userEvent.selectOptions(await screen.findByLabelText('Looking for'), 'male');
    await userEvent.selectOptions(screen.getByLabelText('From age'), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(state.searches).toHaveLength(2));
    expect(state.searches[1]).toContain('gender=male');
    expect(state.searches[1]).toContain('min_age=30');
    expect(state.searches[1]).toContain('page=1');
    await waitFor(() =>
      expect(results().every((card) => /Member\d*[02468],/.test(card.textContent ?? ''))).toBe(true),
    );
  });

  it('searches again when Search is pressed with unchanged filters, and shows that it does', async () => {
    renderSearch();
    expect(await screen.findByRole('heading', { name: /members found/ })).toBeInTheDocument();
    const searched = state.searches.length;
    const form = screen.getByRole('complementary');
    let release = () => undefined as void;
    state.hold = new Promise<void>((resolve) => (release = resolve));
    await userEvent.click(within(form).getByRole('button', { name: 'Search' }));
    // The count says the search runs, and the button too, until the answer is in.
    expect(await screen.findByRole('heading', { name: 'Searching…' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Searching…' })).toBeInTheDocument();
    await waitFor(() => expect(state.searches).toHaveLength(searched + 1));
    expect(state.searches.at(-1)).toBe(state.searches.at(-2));
    release();
    expect(await screen.findByRole('heading', { name: /members found/ })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Search' })).toBeInTheDocument();
  });

  it('a search started while the first page is still loading is not lost', async () => {
    let release = () => undefined as void;
    state.hold = new Promise<void>((resolve) => (release = resolve));
    renderSearch({});
    await waitFor(() => expect(state.searches).toHaveLength(1));
    // Other filters, chosen in the form, while the first answer is on its way.
    await userEvent.selectOptions(await screen.findByLabelText('Looking for'), 'male');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(state.searches).toHaveLength(2));
    expect(state.searches[1]).toContain('gender=male');
    release();
    expect(await screen.findByRole('heading', { name: /members found/ })).toBeInTheDocument();
    expect(results().length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Remove filter: Men' })).toBeInTheDocument();
  });

  it('clears back to the filters the search started with', async () => {
    renderSearch();
    await screen.findByRole('heading', { name: /members found/ });
    await userEvent.selectOptions(await screen.findByLabelText('Looking for'), 'male');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(state.searches).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getByLabelText('Looking for')).toHaveValue('female');
    // The starting search's results are still at hand: they show without asking again.
    expect(await screen.findByRole('heading', { name: /members found/ })).toBeInTheDocument();
    expect(state.searches).toHaveLength(2);
    expect(state.searches[0]).toContain('gender=female');
    expect(state.searches[0]).toContain('country=NL');
  });

  it('refuses an age range that runs backwards without searching', async () => {
    renderSearch();
    await screen.findByRole('heading', { name: /members found/ });
    await userEvent.selectOptions(await screen.findByLabelText('From age'), '50');
    await userEvent.selectOptions(screen.getByLabelText('To age'), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The lowest age must not be above the highest age.');
    expect(state.searches).toHaveLength(1);
  });

  it('shows the active filters as chips; removing one searches without it', async () => {
    renderSearch();
    await screen.findByRole('heading', { name: /members found/ });
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Remove filter: Women', 'Remove filter: Netherlands']);
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove filter: Women' }));
    await waitFor(() => expect(state.searches).toHaveLength(2));
    expect(state.searches[1]).not.toContain('gender=');
    expect(state.searches[1]).toContain('country=NL');
    expect(screen.getByLabelText('Looking for')).toHaveValue('');
  });

  it('narrows the search to photo-verified members, with a chip that takes it away', async () => {
    state.members = [
      buildMemberCard(1, { gender: 'female', verified: true }),
      buildMemberCard(3, { gender: 'female' }),
    ];
    renderSearch();
    expect(await screen.findByRole('heading', { name: '2 members found' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('switch', { name: 'Photo-verified members only' }));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: '1 member found' })).toBeInTheDocument();
    expect(state.searches[1]).toContain('verified=true');
    expect(screen.getByRole('heading', { name: 'Member1, 21 (Photo verified)' })).toBeInTheDocument();
    const chips = screen.getByRole('list', { name: 'Active filters' });
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove filter: Verified only' }));
    expect(await screen.findByRole('heading', { name: '2 members found' })).toBeInTheDocument();
  });

  it('offers the regions of the country the page brought, and loads the others when another country is picked', async () => {
    const regionLists: string[] = [];
    server.use(
      http.get('*/api/regions.php', ({ request }) => {
        regionLists.push(request.url);
        return HttpResponse.json({
          countries: [
            ...mockRegions.countries,
            { country: 'BE', regions: [{ id: 7, code: 'BE-VAN', name: 'Antwerpen' }] },
          ],
        });
      }),
    );
    renderSearch({ gender: 'female', country: 'NL', countryregion: 1 }, mockUser, (queryClient) =>
      queryClient.setQueryData(queryKeys.countryRegions('NL'), mockRegions.countries[0]?.regions),
    );
    await screen.findByRole('heading', { name: /members found/ });
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(within(chips).getByRole('button', { name: 'Remove filter: Noord-Holland' })).toBeVisible();
    expect(screen.getByLabelText('Province')).toHaveValue('1');
    expect(regionLists).toEqual([]);

    await userEvent.selectOptions(screen.getByLabelText('Country'), 'BE');
    expect(await screen.findByRole('option', { name: 'Antwerpen' })).toBeInTheDocument();
    expect(regionLists).toHaveLength(1);
  });

  it('shows similar results when few match, and says when none do', async () => {
    state.members = [];
    state.similar = [buildMemberCard(77, { name: 'Close' })];
    renderSearch();
    expect(await screen.findByRole('heading', { name: 'No members found' })).toBeInTheDocument();
    expect(screen.getByText(/No members match your search/)).toBeInTheDocument();
    const similar = screen.getByRole('region', { name: 'Similar profiles' });
    expect(within(similar).getByRole('link', { name: /Close/ })).toHaveAttribute('href', '/members/77');
  });

  it('shows the server’s refusal with a way to try again', async () => {
    state.searchError = {
      status: 500,
      code: 'internal_error',
      message: 'An error occured, please try again later.',
    };
    renderSearch();
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occured, please try again later.');
    state.searchError = null;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: /members found/ })).toBeInTheDocument();
  });

  it('marks fictional profiles with the site’s wording when the member has the icon on', async () => {
    state.members = [buildMemberCard(5, { fictional: true, gender: 'female' })];
    renderSearch(undefined, buildUser({ fictional_icon: true }));
    const card = await screen.findByRole('link', { name: /Member5/ });
    expect(await within(card).findByText('fictional profile')).toBeInTheDocument();
    expect(screen.getByText('Profiles marked with ✦ are fictional profiles.')).toBeInTheDocument();
  });

  it('leaves the fictional mark out for a member who turned it off', async () => {
    state.members = [buildMemberCard(5, { fictional: true, gender: 'female' })];
    renderSearch(undefined, buildUser({ fictional_icon: false }));
    const card = await screen.findByRole('link', { name: /Member5/ });
    expect(within(card).queryByText('fictional profile')).not.toBeInTheDocument();
  });
});
