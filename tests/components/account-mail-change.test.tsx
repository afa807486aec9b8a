import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { StrictMode } from 'react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import '../helpers/next-navigation';
import { MailChangeConfirm } from '@/components/account/mail-change-confirm';
import { createAccountHandlers, MOCK_MAIL_CHANGE_TOKENS } from '@/lib/api/mocks/account-handlers';
import { createHandlers } from '@/lib/api/mocks/handlers';
import { renderWithProviders } from '../helpers/render';

const handlers = () => [...createAccountHandlers(), ...createHandlers(() => 'visitor')];
const server = setupServer(...handlers());
let posts = 0;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  server.resetHandlers(...handlers());
  server.events.removeAllListeners();
  posts = 0;
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname.endsWith('/api/mail-change-do.php')) posts += 1;
  });
});
afterAll(() => server.close());

describe('mail change link', () => {
  it('confirms the new address once, even with strict-mode double effects', async () => {
    renderWithProviders(
      <StrictMode>
        <MailChangeConfirm token={MOCK_MAIL_CHANGE_TOKENS.valid} />
      </StrictMode>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Changing your e-mail address…');
    expect(await screen.findByText(/Your e-mail address has been changed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'To the settings' })).toHaveAttribute('href', '/settings');
    expect(posts).toBe(1);
  });

  it('shows an expired link in the API’s words, with the way to ask for a new one', async () => {
    renderWithProviders(<MailChangeConfirm token="expired-token-0000000000" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Link expired or invalid, request a new email',
    );
    expect(screen.getByText('You can request a new link in your settings.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'To the settings' })).toHaveAttribute('href', '/settings');
  });

  it('says when the new address got an account in the meantime', async () => {
    renderWithProviders(<MailChangeConfirm token={MOCK_MAIL_CHANGE_TOKENS.taken} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This email address already owns an account on this website.',
    );
  });

  it('calls nothing without a token', () => {
    renderWithProviders(<MailChangeConfirm token={null} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Link expired or invalid, request a new email');
    expect(posts).toBe(0);
  });
});
