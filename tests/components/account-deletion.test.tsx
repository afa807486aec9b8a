import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigation } from '../helpers/next-navigation';
import { ACCOUNT_DELETED_PATH, DeletionFlow } from '@/components/account/deletion-flow';
import {
  createAccountHandlers,
  createMockAccountState,
  type MockAccountState,
} from '@/lib/api/mocks/account-handlers';
import { MOCK_PASSWORD } from '@/lib/api/mocks/auth-handlers';
import { mockCompany, mockUser } from '@/lib/api/mocks/fixtures';
import { createHandlers } from '@/lib/api/mocks/handlers';
import { queryKeys } from '@/lib/api/queries';
import { renderWithProviders } from '../helpers/render';

// The pages of later features (premium, credits, notification settings) exist in these tests, so
// their links show; without them no link is shown (tests/components/nav.test.tsx).
vi.mock('@/lib/shared/feature-pages', () => ({
  hasFeaturePage: () => true,
  buyCreditsPage: () => '/credits',
}));

let state: MockAccountState = createMockAccountState();
const handlers = () => [...createAccountHandlers(state), ...createHandlers(() => 'member')];
const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  state = createMockAccountState();
  server.resetHandlers(...handlers());
  navigation.router.push.mockClear();
});
afterAll(() => server.close());

const heading = (name: string | RegExp) => screen.findByRole('heading', { level: 2, name });
const click = (name: string | RegExp) => userEvent.click(screen.getByRole('button', { name }));

/** Waits for the company info (the phone link needs it), then leaves the solutions step. */
async function pastSolutions() {
  await screen.findByRole('link', { name: 'Call +31 20-000 00 00' });
  await click('Continue deleting');
  expect(await heading('Why are you leaving?')).toHaveFocus();
}

describe('account deletion', () => {
  it('sends a visitor to log in first', () => {
    renderWithProviders(<DeletionFlow />, { user: null });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?redirect=/settings/delete',
    );
  });

  it('offers solutions first: a break, fewer e-mails, customer service, or keeping the account', async () => {
    renderWithProviders(<DeletionFlow />, { user: mockUser });
    expect(await heading('Before you go')).toBeInTheDocument();
    expect(await screen.findByText('Step 1 of 4')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go invisible' })).toHaveAttribute('href', '/settings#privacy');
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    expect(await screen.findByRole('link', { name: 'E-mail qa@example.test' })).toHaveAttribute(
      'href',
      'mailto:qa@example.test',
    );
    expect(await screen.findByRole('link', { name: 'Call +31 20-000 00 00' })).toHaveAttribute(
      'href',
      'tel:+31200000000',
    );
    expect(screen.getByRole('link', { name: 'Keep my account' })).toHaveAttribute('href', '/');
  });

  it('goes through reason, offer and password, then ends on /account-deleted with the member gone', async () => {
    const { queryClient } = renderWithProviders(<DeletionFlow />, { user: mockUser });
    await pastSolutions();

    await click('Next');
    const first = screen.getByRole('radio', { name: 'I found a partner' });
    expect(first).toHaveFocus();
    expect(first).toHaveAccessibleDescription('Choose a reason.');
    expect(screen.getAllByRole('radio')).toHaveLength(6);
    await userEvent.click(screen.getByRole('radio', { name: 'It is too expensive' }));
    await userEvent.type(
      screen.getByLabelText('Anything else you want to tell us? (optional)'),
      '  Too pricey ',
    );
    await click('Next');

    expect(await heading('An offer for you')).toHaveFocus();
    expect(screen.getByText('Stay and get 50% off your next credits')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Keep my account and use the offer' })).toHaveAttribute(
      'href',
      '/credits',
    );
    await click('No thanks, delete');

    expect(await heading('Delete your account')).toHaveFocus();
    expect(screen.getByText(/For 14 days you can bring your account back/)).toBeInTheDocument();
    await click('Delete my account');
    const password = screen.getByLabelText('Your password');
    expect(password).toHaveAccessibleDescription('Enter your password to confirm.');
    expect(password).toHaveFocus();

    await userEvent.type(password, 'not the password');
    await click('Delete my account');
    await waitFor(() => expect(password).toHaveAccessibleDescription('Please check your old password.'));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(state.isLoggedIn).toBe(true);

    await userEvent.clear(password);
    await userEvent.type(password, MOCK_PASSWORD);
    await click('Delete my account');
    await waitFor(() => expect(navigation.router.push).toHaveBeenCalledWith(ACCOUNT_DELETED_PATH));
    expect(ACCOUNT_DELETED_PATH).toBe('/account-deleted');
    expect(queryClient.getQueryData(queryKeys.user)).toBeNull();
    expect(state.deletion).toEqual({ reason: 'too_expensive', comment: 'Too pricey' });
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it('skips the offer when the company gives no discount, and can go back', async () => {
    server.use(
      http.get('*/api/companyinfo.php', () => HttpResponse.json({ ...mockCompany, delete_discount: 0 })),
    );
    renderWithProviders(<DeletionFlow />, { user: mockUser });
    await pastSolutions();
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Another reason' }));
    await click('Next');
    expect(await heading('Delete your account')).toBeInTheDocument();
    expect(screen.queryByText(/% off your next credits/)).not.toBeInTheDocument();

    await click('Back');
    expect(await heading('Why are you leaving?')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Another reason' })).toBeChecked();
  });
});
