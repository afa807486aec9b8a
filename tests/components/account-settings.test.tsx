import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiError } from '@/lib/api/mocks/api-error';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { navigation } from '../helpers/next-navigation';
import { SettingsView } from '@/components/account/settings-view';
import {
  createAccountHandlers,
  createMockAccountState,
  type MockAccountState,
} from '@/lib/api/mocks/account-handlers';
import { MOCK_EMAILS, MOCK_PASSWORD } from '@/lib/api/mocks/auth-handlers';
import { mockUser } from '@/lib/api/mocks/fixtures';
import { createComplaintHandlers } from '@/lib/api/mocks/complaint-handlers';
import { createHandlers } from '@/lib/api/mocks/handlers';
import { createPasskeyHandlers } from '@/lib/api/mocks/passkey-handlers';
import { createProfileHandlers } from '@/lib/api/mocks/profile-handlers';
import { renderWithProviders } from '../helpers/render';

let state: MockAccountState = createMockAccountState();
const handlers = () => [
  ...createAccountHandlers(state),
  ...createPasskeyHandlers(),
  ...createProfileHandlers(),
  ...createHandlers(() => 'member'),
  ...createComplaintHandlers(),
];
const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  state = createMockAccountState();
  server.resetHandlers(...handlers());
  server.events.removeAllListeners();
  navigation.router.refresh.mockClear();
});
afterAll(() => server.close());

const section = (name: string) => screen.getByRole('region', { name });

function countCalls(path: string) {
  const calls = { count: 0 };
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname.endsWith(path)) calls.count += 1;
  });
  return calls;
}

describe('settings page', () => {
  it('sends a visitor to log in and come back', () => {
    renderWithProviders(<SettingsView />, { user: null });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?redirect=/settings');
    expect(screen.queryByRole('region', { name: 'Password' })).not.toBeInTheDocument();
  });

  it('shows the four sections to a member, with the way to delete the account', () => {
    renderWithProviders(<SettingsView />, { user: mockUser });
    for (const name of ['E-mail address', 'Password', 'Language', 'Delete account'])
      expect(section(name)).toBeInTheDocument();
    expect(
      within(section('Delete account')).getByRole('link', { name: 'Delete my account' }),
    ).toHaveAttribute('href', '/settings/delete');
  });
});

describe('password form', () => {
  it('shows a wrong old password at that field and moves focus to it', async () => {
    renderWithProviders(<SettingsView />, { user: mockUser });
    const form = section('Password');
    await userEvent.type(within(form).getByLabelText('Old password'), 'not the password');
    await userEvent.type(within(form).getByLabelText('New password'), 'a brand new secret');
    await userEvent.type(within(form).getByLabelText('Repeat the new password'), 'a brand new secret');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    const old = within(form).getByLabelText('Old password');
    await waitFor(() => expect(old).toHaveAccessibleDescription('Please check your old password.'));
    expect(old).toHaveAttribute('aria-invalid', 'true');
    expect(old).toHaveFocus();
    expect(state.password).toBe(MOCK_PASSWORD);
  });

  it('checks the new password and its repetition before calling the API', async () => {
    const calls = countCalls('/api/password.php');
    renderWithProviders(<SettingsView />, { user: mockUser });
    const form = section('Password');
    await userEvent.type(within(form).getByLabelText('Old password'), MOCK_PASSWORD);
    await userEvent.type(within(form).getByLabelText('New password'), 'short');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByLabelText('New password')).toHaveAccessibleDescription(
      'Your password needs at least 8 characters. At least 8 characters.',
    );
    expect(within(form).getByLabelText('New password')).toHaveFocus();

    await userEvent.clear(within(form).getByLabelText('New password'));
    await userEvent.type(within(form).getByLabelText('New password'), 'a brand new secret');
    await userEvent.type(within(form).getByLabelText('Repeat the new password'), 'a brand new secreT');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    const repeat = within(form).getByLabelText('Repeat the new password');
    expect(repeat).toHaveAccessibleDescription('The entered passwords are not the same.');
    expect(repeat).toHaveAttribute('aria-invalid', 'true');
    expect(repeat).toHaveFocus();
    expect(calls.count).toBe(0);
  });

  it('changes the password and empties the fields', async () => {
    renderWithProviders(<SettingsView />, { user: mockUser });
    const form = section('Password');
    await userEvent.type(within(form).getByLabelText('Old password'), MOCK_PASSWORD);
    await userEvent.type(within(form).getByLabelText('New password'), 'a brand new secret');
    await userEvent.type(within(form).getByLabelText('Repeat the new password'), 'a brand new secret');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(state.password).toBe('a brand new secret');
    expect(within(form).getByLabelText('Old password')).toHaveValue('');
  });
});

describe('e-mail form', () => {
  it('refuses an invalid new address before calling the API', async () => {
    const calls = countCalls('/api/mail-change.php');
    renderWithProviders(<SettingsView />, { user: mockUser });
    const form = section('E-mail address');
    await userEvent.type(within(form).getByLabelText('New e-mail address'), 'not-an-address');
    await userEvent.type(within(form).getByLabelText('Current password'), MOCK_PASSWORD);
    await userEvent.click(within(form).getByRole('button', { name: 'Change e-mail address' }));
    const email = within(form).getByLabelText('New e-mail address');
    expect(email).toHaveAccessibleDescription('New email adress is invalid.');
    expect(email).toHaveFocus();
    expect(calls.count).toBe(0);
  });

  it('shows the API’s invalid and taken addresses at the address field', async () => {
    renderWithProviders(<SettingsView />, { user: mockUser });
    const form = section('E-mail address');
    const email = within(form).getByLabelText('New e-mail address');
    await userEvent.type(email, MOCK_EMAILS.locked);
    await userEvent.type(within(form).getByLabelText('Current password'), MOCK_PASSWORD);
    await userEvent.click(within(form).getByRole('button', { name: 'Change e-mail address' }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(
        'This email address already owns an account on this website.',
      ),
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();

    server.use(
      http.post('*/api/mail-change.php', () =>
        apiError('field_invalid', { message: 'Neue E-Mail-Adresse ist ungültig.', field: 'new_email' }),
      ),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Change e-mail address' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription('Neue E-Mail-Adresse ist ungültig.'));
  });

  it('shows a wrong password at the password field', async () => {
    renderWithProviders(<SettingsView />, { user: mockUser });
    const form = section('E-mail address');
    await userEvent.type(within(form).getByLabelText('New e-mail address'), 'new@example.test');
    await userEvent.type(within(form).getByLabelText('Current password'), 'wrong');
    await userEvent.click(within(form).getByRole('button', { name: 'Change e-mail address' }));
    const password = within(form).getByLabelText('Current password');
    await waitFor(() => expect(password).toHaveAccessibleDescription('Please check your old password.'));
    expect(password).toHaveFocus();
  });

  it('says where the confirmation link went', async () => {
    renderWithProviders(<SettingsView />, { user: mockUser });
    const form = section('E-mail address');
    await userEvent.type(within(form).getByLabelText('New e-mail address'), ' new@example.test ');
    await userEvent.type(within(form).getByLabelText('Current password'), MOCK_PASSWORD);
    await userEvent.click(within(form).getByRole('button', { name: 'Change e-mail address' }));
    const done = await within(form).findByRole('status');
    expect(done).toHaveTextContent(
      'We sent a link to new@example.test. Your address changes when you follow it.',
    );
    expect(done).toHaveFocus();
    expect(state.pendingEmail).toBe('new@example.test');
  });
});

describe('language form', () => {
  it('offers every language in its own name and saves the choice to the account', async () => {
    let saved: unknown = null;
    server.use(
      http.put('*/api/user.php', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ user: mockUser });
      }),
    );
    renderWithProviders(<SettingsView />, { user: mockUser });
    const form = section('Language');
    const select = within(form).getByLabelText('Language of the site and our e-mails');
    expect(within(select).getAllByRole('option')).toHaveLength(11);
    expect(select).toHaveValue('en');
    await userEvent.selectOptions(select, 'Deutsch');
    await userEvent.click(within(form).getByRole('button', { name: 'Save language' }));
    await waitFor(() => expect(navigation.router.refresh).toHaveBeenCalled());
    expect(saved).toEqual({ language: 'de' });
  });
});
