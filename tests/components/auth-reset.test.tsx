import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import '../helpers/next-navigation';
import { ActivationErrorActions } from '@/components/auth/activation-views';
import { CompleteSignupView } from '@/components/auth/complete-signup-view';
import { ResetPasswordForm } from '@/components/auth/reset-password-form';
import { ResetRequestForm } from '@/components/auth/reset-request-form';
import {
  createAuthHandlers,
  createMockAuthState,
  MOCK_EMAILS,
  MOCK_TOKENS,
  mockUnconfirmedUser,
} from '@/lib/api/mocks/auth-handlers';
import { mockUser } from '@/lib/api/mocks/fixtures';
import { createHandlers } from '@/lib/api/mocks/handlers';
import { renderWithProviders } from '../helpers/render';

const handlers = () => [...createAuthHandlers(createMockAuthState()), ...createHandlers(() => 'visitor')];
const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => server.resetHandlers(...handlers()));
afterAll(() => server.close());

const NEW_PASSWORD = 'amber-harbour-17';

describe('password reset request', () => {
  const request = async (email: string) => {
    renderWithProviders(<ResetRequestForm />, { user: null });
    await userEvent.type(screen.getByLabelText('E-mail address'), email);
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
  };

  it('shows an unknown address at the field', async () => {
    await request('nobody@example.test');
    const email = screen.getByLabelText('E-mail address');
    expect(await screen.findByText('E-mail address not found')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('E-mail address not found');
    expect(email).toHaveFocus();
  });

  it('says when too many reset mails were sent', async () => {
    await request(MOCK_EMAILS.resetLimit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many password reset emails sent, please try again tomorrow.',
    );
  });

  it('confirms the mail was sent', async () => {
    await request(MOCK_EMAILS.member);
    expect(await screen.findByRole('status')).toHaveTextContent(
      `We have sent an e-mail to ${MOCK_EMAILS.member}.`,
    );
  });
});

describe('new password', () => {
  const choose = async (token: string | null, password: string, repeat: string) => {
    renderWithProviders(<ResetPasswordForm token={token} />, { user: null });
    await userEvent.type(screen.getByLabelText('New password'), password);
    await userEvent.type(screen.getByLabelText('Repeat the new password'), repeat);
    await userEvent.click(screen.getByRole('button', { name: 'Save the password' }));
  };

  it('wants the same password twice', async () => {
    await choose(MOCK_TOKENS.reset, NEW_PASSWORD, 'something-else-17');
    const repeat = screen.getByLabelText('Repeat the new password');
    expect(repeat).toHaveAccessibleDescription('The entered passwords are not the same.');
    expect(repeat).toHaveFocus();
  });

  it('offers a new mail when the link expired', async () => {
    await choose('expired-token-0000000', NEW_PASSWORD, NEW_PASSWORD);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Link expired or invalid, request a new email');
    expect(screen.getByRole('link', { name: 'Request a new e-mail' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
  });

  it('has nothing to send without a token', () => {
    renderWithProviders(<ResetPasswordForm token={null} />, { user: null });
    expect(screen.getByRole('alert')).toHaveTextContent('Link expired or invalid, request a new email');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('leads to the login once the password is changed', async () => {
    await choose(MOCK_TOKENS.reset, NEW_PASSWORD, NEW_PASSWORD);
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });
});

describe('activation pages', () => {
  it('let a visitor log in to ask for a new link, and a new member ask at once', () => {
    const { unmount } = renderWithProviders(<ActivationErrorActions />, { user: null });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?redirect=/activate/error',
    );
    unmount();
    renderWithProviders(<ActivationErrorActions />, { user: mockUnconfirmedUser });
    expect(screen.getByRole('button', { name: 'Send the e-mail again' })).toBeInTheDocument();
  });

  it('show /complete-signup only to a member who still has to confirm', async () => {
    const { unmount } = renderWithProviders(<CompleteSignupView />, { user: mockUser });
    expect(
      await screen.findByRole('heading', { name: 'Your e-mail address is confirmed' }),
    ).toBeInTheDocument();
    unmount();
    renderWithProviders(<CompleteSignupView />, { user: mockUnconfirmedUser });
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
  });
});
