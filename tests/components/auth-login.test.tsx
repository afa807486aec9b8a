import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiError } from '@/lib/api/mocks/api-error';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { navigation } from '../helpers/next-navigation';
import { AFTER_LOGIN_PATH, LoginForm } from '@/components/auth/login-form';
import { safeRedirectPath } from '@/lib/shared/safe-redirect';
import { createAuthHandlers, MOCK_EMAILS, MOCK_PASSWORD } from '@/lib/api/mocks/auth-handlers';
import { createHandlers } from '@/lib/api/mocks/handlers';
import { queryKeys } from '@/lib/api/queries';
import { renderWithProviders } from '../helpers/render';

const server = setupServer(...createAuthHandlers(), ...createHandlers(() => 'visitor'));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  server.resetHandlers(...createAuthHandlers(), ...createHandlers(() => 'visitor'));
  navigation.router.push.mockClear();
});
afterAll(() => server.close());

async function logIn(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('E-mail address'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login form', () => {
  it('shows a failed login in place and moves focus to it', async () => {
    renderWithProviders(<LoginForm />, { user: null });
    await logIn(MOCK_EMAILS.member, 'not the password');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Login failed, please try again');
    expect(alert).toHaveFocus();
    expect(navigation.router.push).not.toHaveBeenCalled();
  });

  it('names the minutes a locked account stays blocked', async () => {
    renderWithProviders(<LoginForm />, { user: null });
    await logIn(MOCK_EMAILS.locked, MOCK_PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many incorrect attempts, account blocked for 15 min.',
    );
  });

  it('explains an account pending deletion and a rate limit without retrying it', async () => {
    renderWithProviders(<LoginForm />, { user: null });
    await logIn(MOCK_EMAILS.pendingDeletion, MOCK_PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent(/reactivate it through the link/);

    let attempts = 0;
    server.use(
      http.post('*/api/user.php', () => {
        attempts += 1;
        return apiError('rate_limited', { message: 'Too many requests, please try again in 30 seconds.' });
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Too many requests, please try again in 30 seconds.',
      ),
    );
    expect(attempts).toBe(1);
  });

  it('checks the fields before calling the API and marks them for assistive technology', async () => {
    let calls = 0;
    server.use(
      http.post('*/api/user.php', () => {
        calls += 1;
        return HttpResponse.json({});
      }),
    );
    renderWithProviders(<LoginForm />, { user: null });
    await userEvent.type(screen.getByLabelText('E-mail address'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const email = screen.getByLabelText('E-mail address');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Invalid email');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
    expect(calls).toBe(0);
  });

  it('logs in and goes on to the member start page, the member known at once', async () => {
    const { queryClient } = renderWithProviders(<LoginForm />, { user: null });
    await logIn(MOCK_EMAILS.member, MOCK_PASSWORD);
    await waitFor(() => expect(navigation.router.push).toHaveBeenCalledWith(AFTER_LOGIN_PATH));
    expect(queryClient.getQueryData(queryKeys.user)).toMatchObject({ profile: { name: 'Quinn' } });
  });

  it('goes back to the same-site page named by redirect, never elsewhere', async () => {
    renderWithProviders(<LoginForm redirect="/chats?open=1" />, { user: null });
    await logIn(MOCK_EMAILS.member, MOCK_PASSWORD);
    await waitFor(() => expect(navigation.router.push).toHaveBeenCalledWith('/chats?open=1'));
  });

  it('links to the password reset and to signup', () => {
    renderWithProviders(<LoginForm />, { user: null });
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up for free' })).toHaveAttribute('href', '/signup');
  });
});

describe('login notices after the reactivation link', () => {
  afterEach(() => {
    navigation.search = new URLSearchParams();
  });

  it('says the account is back', () => {
    navigation.search = new URLSearchParams('reactivated=1');
    renderWithProviders(<LoginForm />, { user: null });
    expect(screen.getByRole('status')).toHaveTextContent('Your account is back. Log in to continue.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the link failed and how to reach customer service', async () => {
    navigation.search = new URLSearchParams('reactivation=failed');
    renderWithProviders(<LoginForm />, { user: null });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Link expired or invalid, request a new email');
    expect(alert).toHaveTextContent(/contact customer service/);
    expect(await within(alert).findByRole('link', { name: 'qa@example.test' })).toHaveAttribute(
      'href',
      'mailto:qa@example.test',
    );
    expect(await within(alert).findByRole('link', { name: '+31 20-000 00 00' })).toHaveAttribute(
      'href',
      'tel:+31200000000',
    );
  });

  it('shows no notice on a plain login page, and the form still works', async () => {
    renderWithProviders(<LoginForm />, { user: null });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await logIn(MOCK_EMAILS.member, MOCK_PASSWORD);
    await waitFor(() => expect(navigation.router.push).toHaveBeenCalledWith(AFTER_LOGIN_PATH));
  });
});

describe('redirect after login', () => {
  it.each([
    ['/chats', '/chats'],
    ['/members/12?tab=photos#top', '/members/12?tab=photos#top'],
    ['https://evil.example/', null],
    ['//evil.example/path', null],
    ['/\\evil.example', null],
    ['javascript:alert(1)', null],
    ['/\tx', null],
    ['', null],
  ])('%s → %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });
});
