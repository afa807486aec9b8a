import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser } from '@/tests/factories/build-user';
import { navigation } from '../helpers/next-navigation';
import { CountBadge, CreditsBadge } from '@/components/nav/nav-badges';
import { TopNav } from '@/components/nav/top-nav';
import { Footer } from '@/components/layout/footer';
import { createHandlers, type MockScenario } from '@/lib/api/mocks/handlers';
import { mockCompany, mockUser } from '@/lib/api/mocks/fixtures';
import { renderWithProviders } from '../helpers/render';
import de from '@/messages/de.json';

// Pages of later features (likes, chat, credits, premium, pricing): each test says which exist.
const featurePages = vi.hoisted(() => ({ built: new Set<string>() }));
vi.mock('@/lib/shared/feature-pages', () => ({
  hasFeaturePage: (path: string) => featurePages.built.has(path),
}));
const ALL_FEATURE_PAGES = ['/likes', '/chats', '/credits', '/premium', '/pricing', '/notifications'];

let scenario: MockScenario = 'visitor';
const server = setupServer(...createHandlers(() => scenario));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  featurePages.built = new Set();
  server.resetHandlers();
  document.cookie = 'i18n_redirected=; max-age=0; path=/';
});
afterAll(() => server.close());
const useScenario = (name: MockScenario) => {
  scenario = name;
  server.use(...createHandlers(() => scenario));
};

describe('badges', () => {
  it('caps the unread badge at 99+ and names the count for screen readers', () => {
    renderWithProviders(<CountBadge count={150} label="150 unread messages" />);
    expect(screen.getByText('99+')).toBeInTheDocument();
    expect(screen.getByText('150 unread messages')).toHaveClass('visually-hidden');
  });

  it('colours the credits badge by balance and hides it above 10', () => {
    const { rerender, container } = renderWithProviders(<CreditsBadge credits={0} label="No credits left" />);
    expect(container.querySelector('.badge')).toHaveClass('text-bg-danger');
    rerender(<CreditsBadge credits={7} label="7 credits left" />);
    expect(container.querySelector('.badge')).toHaveClass('text-bg-warning');
    rerender(<CreditsBadge credits={11} label="11 credits left" />);
    expect(container.querySelector('.badge')).toBeNull();
  });
});

describe('top navigation', () => {
  it('offers Login and the language menu to visitors', async () => {
    useScenario('visitor');
    renderWithProviders(<TopNav />, { user: null });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).queryByRole('link', { name: 'Messages' })).toBeNull();
    await userEvent.click(within(nav).getByRole('button', { name: 'EN, Language: English' }));
    // Settings place the visitor in NL: Dutch and English, plus a way to every language.
    await waitFor(
      () =>
        expect(
          screen
            .getAllByRole('button', { name: /^(Dansk|Deutsch|English|Nederlands|Suomi|Svenska)$/ })
            .map((i) => i.textContent),
        ).toEqual(['Nederlands', 'English']),
      // The settings arrive from the mocked API; a busy machine may take more than a second.
      { timeout: 5000 },
    );
    expect(screen.getByRole('link', { name: 'More languages…' })).toHaveAttribute('href', '/lang-config');
  });

  it('stores an explicit language choice and re-renders the page', async () => {
    useScenario('visitor');
    renderWithProviders(<TopNav />, { user: null });
    await userEvent.click(screen.getByRole('button', { name: 'EN, Language: English' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Nederlands' }));
    expect(document.cookie).toContain('i18n_redirected=nl');
    await waitFor(() => expect(navigation.router.refresh).toHaveBeenCalled());
  });

  it('shows the member menu with credits and badges to a paying member', () => {
    featurePages.built = new Set(ALL_FEATURE_PAGES);
    useScenario('member');
    renderWithProviders(<TopNav counts={{ unreadMessages: 120, newLikes: 2 }} />, { user: mockUser });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: /Messages/ })).toHaveTextContent('99+');
    expect(within(nav).getByRole('link', { name: /Likes/ })).toHaveTextContent('2');
    expect(within(nav).getByRole('link', { name: /Credits/ })).toHaveTextContent('4 credits left');
    expect(within(nav).queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('offers Get Premium to a member who never paid', () => {
    featurePages.built = new Set(ALL_FEATURE_PAGES);
    useScenario('member');
    renderWithProviders(<TopNav />, { user: buildUser({ paid_user: false }) });
    expect(screen.getByRole('link', { name: 'Get Premium' })).toHaveAttribute('href', '/premium');
    expect(screen.queryByRole('link', { name: /Credits/ })).toBeNull();
  });

  it('links to no page that is not built yet', () => {
    useScenario('member');
    const { rerender } = renderWithProviders(<TopNav counts={{ unreadMessages: 3, newLikes: 2 }} />, {
      user: mockUser,
    });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Search members' })).toHaveAttribute('href', '/members');
    for (const name of [/Messages/, /Likes/, /Credits/])
      expect(within(nav).queryByRole('link', { name })).toBeNull();
    rerender(<TopNav />);
    expect(screen.queryByRole('link', { name: 'Get Premium' })).toBeNull();
  });
});

describe('footer', () => {
  it('loads the company once and shows the legal links, disclaimer and cleaned phone', async () => {
    featurePages.built = new Set(ALL_FEATURE_PAGES);
    useScenario('visitor');
    let companyCalls = 0;
    server.use(
      http.get('*/api/companyinfo.php', () => {
        companyCalls += 1;
        return HttpResponse.json(mockCompany);
      }),
    );
    const { rerender } = renderWithProviders(<Footer />, { user: null });
    expect(await screen.findByText(/QA Test Company B\.V\., Teststraat 1/)).toBeInTheDocument();
    expect(screen.getByText(/\+31200000000/)).toBeInTheDocument();
    expect(screen.getByTestId('disclaimer')).toHaveTextContent('Mocked fictional-profile disclaimer.');
    expect(screen.getByText('14 day free returns')).toBeInTheDocument();
    const links = within(screen.getByRole('navigation', { name: 'Legal and help' })).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/pages/terms',
      '/pages/privacy',
      '/pages/cookies',
      '/pages/ban',
      '/pricing',
      '/complaints',
      '/pages/return-policy',
      '/pages/faq',
      '/pages/service',
    ]);
    rerender(<Footer />);
    expect(companyCalls).toBe(1);
  });

  it('names the company’s country in the page’s language and leaves out pricing until it exists', async () => {
    useScenario('visitor');
    renderWithProviders(<Footer />, { user: null, locale: 'de', messages: de });
    expect(await screen.findByText(/QA Test Company B\.V\., Teststraat 1/)).toHaveTextContent(
      /Niederlande\.$/,
    );
    expect(screen.getByText(/© \d{4} QA Test Company B\.V\. /)).not.toHaveTextContent('B.V..');
    const links = within(screen.getByRole('navigation', { name: /./ })).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).not.toContain('/pricing');
  });
});

describe('session', () => {
  it('logs the member out silently when a call says authentication_required', async () => {
    useScenario('session-expired');
    let logouts = 0;
    server.use(
      http.post('*/api/logout.php', () => {
        logouts += 1;
        return HttpResponse.json({ ok: true });
      }),
    );
    renderWithProviders(
      <>
        <TopNav />
        <Footer />
      </>,
      { user: mockUser },
    );
    expect(screen.getByRole('link', { name: 'Search members' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Search members' })).toBeNull();
    expect(logouts).toBe(1);
  });

  it('survives a flaky API by retrying', async () => {
    useScenario('flaky');
    renderWithProviders(<Footer />, { user: null });
    expect(await screen.findByText(/is operated by QA Test Company B\.V\./)).toBeInTheDocument();
  });
});
