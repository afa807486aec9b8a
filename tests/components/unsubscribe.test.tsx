import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import '../helpers/next-navigation';
import { UnsubscribeConfirm } from '@/components/unsubscribe/unsubscribe-confirm';
import { createHandlers } from '@/lib/api/mocks/handlers';
import { createUnsubscribeHandlers, MOCK_UNSUBSCRIBE_TOKENS } from '@/lib/api/mocks/unsubscribe-handlers';
import de from '@/messages/de.json';
import { hasFeaturePage } from '@/lib/shared/feature-pages';
import { renderWithProviders } from '../helpers/render';

const calls = { count: 0 };
const handlers = () => [...createUnsubscribeHandlers(calls), ...createHandlers(() => 'visitor')];
const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  server.resetHandlers(...handlers());
  calls.count = 0;
});
afterAll(() => server.close());

const token = MOCK_UNSUBSCRIBE_TOKENS.new_messages ?? '';

describe('unsubscribe page', () => {
  it('says what stops and for which address, and stops it only when asked', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <UnsubscribeConfirm token={token} kind="new_messages" email="a•••@example.test" isOff={false} />,
    );
    expect(screen.getByText('Stop these e-mails to a•••@example.test:')).toBeInTheDocument();
    expect(screen.getByText('E-mails about new messages')).toBeInTheDocument();
    expect(
      screen.getByText(/such as those about your account and payments, keep coming/),
    ).toBeInTheDocument();
    expect(calls.count).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Done. We will no longer send you these e-mails.');
    // The button is gone: the outcome holds the keyboard focus.
    expect(done).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    // The way to all the settings, once the notifications page exists.
    expect(
      screen.queryByRole('link', { name: 'Manage all notifications' })?.getAttribute('href') ?? null,
    ).toBe(hasFeaturePage('/notifications') ? '/notifications' : null);
    expect(calls.count).toBe(1);
  });

  it('says so when that kind is off already, without a button', () => {
    renderWithProviders(<UnsubscribeConfirm token={token} kind="news" email="a•••@example.test" isOff />);
    expect(screen.getByRole('status')).toHaveTextContent('These e-mails are already switched off.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('explains a link that is not valid (any more) in the page’s language', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <UnsubscribeConfirm token="u1.1.like.forged" kind="like" email="a•••@example.test" isOff={false} />,
      {
        locale: 'de',
        messages: de,
      },
    );
    expect(screen.getByText('E-Mails zu Likes und Matches')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Abbestellen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieser Abmeldelink ist ungültig.');
    expect(screen.getByRole('button', { name: 'Abbestellen' })).toBeEnabled();
  });
});
