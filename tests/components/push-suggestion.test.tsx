import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { PushSuggestion } from '@/components/notifications/push-suggestion';
import { queryKeys } from '@/lib/api/keys';
import {
  createMockNotificationsState,
  createNotificationHandlers,
} from '@/lib/api/mocks/notification-handlers';
import type { User } from '@/lib/shared/schemas/user';
import { DISABLED_NOTIFICATION_ENTRIES } from '@/lib/shared/values/notifications';
import { buildUnconfirmedUser, buildUser } from '@/tests/factories/build-user';
import { pushDevice } from '../helpers/push-state';
import { renderWithProviders } from '../helpers/render';

vi.mock(
  '@/components/push/use-push-state',
  async () => (await import('../helpers/push-state')).pushStateModule,
);

const notifications = createMockNotificationsState();
const server = setupServer(...createNotificationHandlers(notifications));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  pushDevice.reset();
  notifications.pushOfferDismissedAt = null;
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const suggestion = () => screen.queryByRole('region', { name: 'Never miss a message' });

describe('the suggestion to turn on push notifications', () => {
  it('is offered below a member’s first conversation or like, and turns push on', async () => {
    renderWithProviders(<PushSuggestion isDue />, { user: buildUser() });
    expect(suggestion()).toHaveTextContent('even when this site is closed');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(pushDevice.subscribe).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Push notifications are on for this device.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose what you receive' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('waits for the member’s first conversation or like', () => {
    renderWithProviders(<PushSuggestion isDue={false} />, { user: buildUser() });
    expect(suggestion()).toBeNull();
  });

  it('says so when turning push on failed', async () => {
    pushDevice.onSubscribe = 'fails';
    renderWithProviders(<PushSuggestion isDue />, { user: buildUser() });
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Push notifications could not be turned on. Please try again.',
    );
  });

  it('once closed, is remembered for the member on the server, not in this browser', async () => {
    const { queryClient } = renderWithProviders(<PushSuggestion isDue />, { user: buildUser() });
    await userEvent.click(screen.getByRole('button', { name: 'Hide this suggestion' }));
    expect(suggestion()).toBeNull();
    await waitFor(() => expect(notifications.pushOfferDismissedAt).not.toBeNull());
    expect(queryClient.getQueryData<User>(queryKeys.user)?.push_offer_dismissed_at).not.toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  it.each<[string, () => void, User]>([
    [
      'a member who closed it on another device',
      () => undefined,
      buildUser({ push_offer_dismissed_at: '2026-03-01T10:00:00.000Z' }),
    ],
    ['a device that is subscribed', () => (pushDevice.state = 'subscribed'), buildUser()],
    ['a device whose browser blocks notifications', () => (pushDevice.state = 'denied'), buildUser()],
    ['a device that cannot show them', () => (pushDevice.state = 'unsupported'), buildUser()],
    ['a member who has not confirmed the address', () => undefined, buildUnconfirmedUser()],
    [
      'a member who switched every push notification off',
      () => undefined,
      buildUser({
        notifications_disabled: DISABLED_NOTIFICATION_ENTRIES.filter((e) => e.startsWith('push:')),
      }),
    ],
  ])('is not offered to %s', (_name, arrange, user) => {
    arrange();
    renderWithProviders(<PushSuggestion isDue />, { user });
    expect(suggestion()).toBeNull();
  });
});
