import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { apiError } from '@/lib/api/mocks/api-error';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildUnconfirmedUser } from '@/tests/factories/build-user';
import { navigation } from '../helpers/next-navigation';
import { ActivationReminder, REMINDER_DISMISSAL_KEY } from '@/components/auth/activation-reminder';
import { createAuthHandlers, createMockAuthState, mockUnconfirmedUser } from '@/lib/api/mocks/auth-handlers';
import { mockUser } from '@/lib/api/mocks/fixtures';
import { createHandlers } from '@/lib/api/mocks/handlers';
import type { User } from '@/lib/shared/schemas/user';
import { renderWithProviders } from '../helpers/render';

const handlers = () => {
  const auth = createMockAuthState();
  auth.user = mockUnconfirmedUser;
  return [...createAuthHandlers(auth), ...createHandlers(() => 'member')];
};
const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  server.resetHandlers(...handlers());
  navigation.pathname = '/members';
  navigation.search = new URLSearchParams();
  setSmartphone(false);
});
afterEach(() => window.localStorage.clear());
afterAll(() => {
  server.close();
  navigation.pathname = '/';
  navigation.search = new URLSearchParams();
});

function setSmartphone(isSmartphone: boolean) {
  window.matchMedia = (query: string) =>
    ({
      matches: isSmartphone === query.includes('max-width'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as unknown as MediaQueryList;
}

const reminder = () => screen.queryByRole('region', { name: 'Confirm your e-mail address' });

describe('activation reminder', () => {
  it('asks a new member to confirm the address and can send the mail again', async () => {
    renderWithProviders(<ActivationReminder />, { user: mockUnconfirmedUser });
    expect(await screen.findByRole('region', { name: 'Confirm your e-mail address' })).toHaveTextContent(
      'members cannot reply to your messages',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send the e-mail again' }));
    expect(await screen.findByText('We have sent you a new e-mail.')).toBeInTheDocument();
  });

  it('says so when the mail was asked for too often', async () => {
    server.use(
      http.post('*/api/activation-mail.php', () =>
        apiError('rate_limited', { message: 'Too many requests, please try again in 60 seconds.' }),
      ),
    );
    renderWithProviders(<ActivationReminder />, { user: mockUnconfirmedUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Send the e-mail again' }));
    expect(await screen.findByText('Too many requests, please try again in 60 seconds.')).toBeInTheDocument();
  });

  it.each<[string, User | null]>([
    ['a visitor', null],
    ['a confirmed member', mockUser],
    ['a member whose profile is active', buildUnconfirmedUser({ profile: { status: 'active' } })],
    ['a member with disabled notifications', buildUnconfirmedUser({ notifications_disabled: ['news'] })],
  ])('is not shown to %s', async (_, user) => {
    renderWithProviders(<ActivationReminder />, { user });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reminder()).toBeNull();
  });

  it.each(['/signup', '/settings', '/notifications'])('is hidden on %s', async (pathname) => {
    navigation.pathname = pathname;
    renderWithProviders(<ActivationReminder />, { user: mockUnconfirmedUser });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reminder()).toBeNull();
  });

  it('stays away once dismissed, remembering when', async () => {
    const before = Date.now();
    const { unmount } = renderWithProviders(<ActivationReminder />, { user: mockUnconfirmedUser });
    await userEvent.click(await screen.findByRole('button', { name: 'Hide this reminder' }));
    expect(reminder()).toBeNull();
    const dismissedAt = Number(window.localStorage.getItem(REMINDER_DISMISSAL_KEY));
    expect(dismissedAt).toBeGreaterThanOrEqual(before);
    expect(dismissedAt).toBeLessThanOrEqual(Date.now());
    unmount();

    renderWithProviders(<ActivationReminder />, { user: mockUnconfirmedUser });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reminder()).toBeNull();
  });

  it('is a dialog on a smartphone right after signup', async () => {
    navigation.search = new URLSearchParams('api_signup_complete=1');
    setSmartphone(true);
    renderWithProviders(<ActivationReminder />, { user: mockUnconfirmedUser });
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your e-mail address' });
    expect(dialog).toHaveTextContent('We have sent you an e-mail with a confirmation link.');
    expect(reminder()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stays an alert after signup on a desktop', async () => {
    navigation.search = new URLSearchParams('api_signup_complete=1');
    renderWithProviders(<ActivationReminder />, { user: mockUnconfirmedUser });
    expect(await screen.findByRole('region', { name: 'Confirm your e-mail address' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
