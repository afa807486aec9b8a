import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import '../helpers/next-navigation';
import { NotificationSettings } from '@/components/notifications/notification-settings';
import { createHandlers } from '@/lib/api/mocks/handlers';
import {
  createMockNotificationsState,
  createNotificationHandlers,
  mockUserWithNotifications,
  type MockNotificationsState,
} from '@/lib/api/mocks/notification-handlers';
import de from '@/messages/de.json';
import { pushDevice } from '../helpers/push-state';
import { renderWithProviders } from '../helpers/render';

vi.mock(
  '@/components/push/use-push-state',
  async () => (await import('../helpers/push-state')).pushStateModule,
);

let state: MockNotificationsState = createMockNotificationsState();
const handlers = () => [
  ...createNotificationHandlers(state),
  ...createHandlers(
    () => 'member',
    () => mockUserWithNotifications(state),
  ),
];
const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  state = createMockNotificationsState();
  pushDevice.reset();
  server.resetHandlers(...handlers());
});
afterAll(() => server.close());

/** Renders the page's content for the mocked member with the choices of `state`. */
function renderPage(options: { locale?: 'de' } = {}) {
  return renderWithProviders(<NotificationSettings />, {
    user: mockUserWithNotifications(state),
    ...(options.locale === 'de' ? { locale: 'de', messages: de } : {}),
  });
}
const toggle = (name: string) => screen.getByRole('switch', { name });
const group = (name: string) => screen.getByRole('region', { name });

describe('the notifications page', () => {
  it('shows the eight kinds in three groups, each with an e-mail and a push switch as saved', () => {
    state.notificationsDisabled = ['email:news', 'push:like'];
    pushDevice.state = 'subscribed';
    renderPage();
    expect(within(group('Messages')).getAllByRole('switch')).toHaveLength(6);
    expect(within(group('Matches & likes')).getAllByRole('switch')).toHaveLength(2);
    expect(within(group('From us')).getAllByRole('switch')).toHaveLength(8);
    expect(toggle('News by e-mail')).not.toBeChecked();
    expect(toggle('News by push notification')).toBeChecked();
    expect(toggle('Likes and matches by push notification')).not.toBeChecked();
    expect(toggle('New messages by e-mail')).toBeChecked();
    expect(toggle('Weekly update by e-mail')).toHaveAccessibleDescription(
      'New members near you, once a week.',
    );
  });

  it('saves a switch at once and keeps it, telling that it is saved', async () => {
    // The server answers only when the test lets it.
    let answer = () => undefined as void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(http.put('*/api/notifications.php', () => answered.then(() => undefined)));
    renderPage();
    await userEvent.click(toggle('Offers by e-mail'));
    // Shown at once, before the server answers.
    expect(toggle('Offers by e-mail')).not.toBeChecked();
    expect(await screen.findByText('Saving…')).toBeInTheDocument();
    expect(state.notificationsDisabled).toEqual([]);
    answer();
    await waitFor(() => expect(screen.getByText('Saved')).toBeInTheDocument());
    expect(state.notificationsDisabled).toEqual(['email:promotions']);
    expect(toggle('Offers by e-mail')).not.toBeChecked();

    await userEvent.click(toggle('Offers by e-mail'));
    await waitFor(() => expect(state.notificationsDisabled).toEqual([]));
    expect(toggle('Offers by e-mail')).toBeChecked();
  });

  it('sends every change in turn, each with what was saved before', async () => {
    renderPage();
    await userEvent.click(toggle('News by e-mail'));
    await userEvent.click(toggle('Reminders by e-mail'));
    await userEvent.click(toggle('Weekly update by e-mail'));
    await waitFor(() =>
      expect(state.notificationsDisabled).toEqual(['email:weekly_updates', 'email:news', 'email:reminders']),
    );
    expect(state.updates).toEqual([
      { notifications_disabled: ['email:news'] },
      { notifications_disabled: ['email:news', 'email:reminders'] },
      { notifications_disabled: ['email:weekly_updates', 'email:news', 'email:reminders'] },
    ]);
    expect(toggle('News by e-mail')).not.toBeChecked();
    expect(toggle('Reminders by e-mail')).not.toBeChecked();
  });

  it('can be switched from the keyboard', async () => {
    renderPage();
    toggle('New conversations by e-mail').focus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(state.notificationsDisabled).toEqual(['email:new_conversations']));
    expect(toggle('New conversations by e-mail')).toHaveFocus();
  });

  it('puts a switch back and says so in the member’s language when saving fails', async () => {
    state.isFailing = true;
    renderPage({ locale: 'de' });
    await userEvent.click(toggle('Neuigkeiten per E-Mail'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Deine Änderung konnte nicht gespeichert werden. Bitte prüfe deine Verbindung und versuche es noch einmal.',
    );
    expect(toggle('Neuigkeiten per E-Mail')).toBeChecked();
    expect(state.notificationsDisabled).toEqual([]);

    // The next change that works clears the message.
    state.isFailing = false;
    await userEvent.click(toggle('Neuigkeiten per E-Mail'));
    await waitFor(() => expect(state.notificationsDisabled).toEqual(['email:news']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('turns all e-mails off and on again at once, leaving push as it was', async () => {
    state.notificationsDisabled = ['push:news'];
    pushDevice.state = 'subscribed';
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Turn off all e-mails' }));
    await waitFor(() => expect(state.notificationsDisabled).toHaveLength(9));
    for (const name of ['New messages', 'Likes and matches', 'News', 'Reminders']) {
      expect(toggle(`${name} by e-mail`)).not.toBeChecked();
    }
    expect(toggle('Likes and matches by push notification')).toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Turn on all e-mails' }));
    await waitFor(() => expect(state.notificationsDisabled).toEqual(['push:news']));
    expect(toggle('News by e-mail')).toBeChecked();
  });
});

describe('push on the notifications page', () => {
  it('offers to turn push on, with the push switches waiting until it is', async () => {
    renderPage();
    const panel = group('Push notifications on this device');
    expect(within(panel).getByText('Off')).toBeInTheDocument();
    expect(toggle('New messages by push notification')).toBeDisabled();
    expect(toggle('New messages by push notification')).toHaveAccessibleDescription(
      /Turn on push notifications for this device to choose what it receives\./,
    );
    expect(toggle('New messages by e-mail')).toBeEnabled();

    await userEvent.click(within(panel).getByRole('button', { name: 'Turn on push notifications' }));
    expect(pushDevice.subscribe).toHaveBeenCalledTimes(1);
    expect(await within(panel).findByText('On')).toBeInTheDocument();
    expect(toggle('New messages by push notification')).toBeEnabled();
    await userEvent.click(toggle('New messages by push notification'));
    await waitFor(() => expect(state.notificationsDisabled).toEqual(['push:new_messages']));

    await userEvent.click(within(panel).getByRole('button', { name: 'Turn off for this device' }));
    expect(pushDevice.unsubscribe).toHaveBeenCalledTimes(1);
    expect(await within(panel).findByText('Off')).toBeInTheDocument();
  });

  it('tells how to allow notifications when the browser blocks them', () => {
    pushDevice.state = 'denied';
    renderPage();
    const panel = group('Push notifications on this device');
    expect(within(panel).getByText('Blocked')).toBeInTheDocument();
    expect(within(panel).getByText(/set Notifications to Allow, then reload this page/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).toBeNull();
    expect(toggle('Likes and matches by push notification')).toBeDisabled();
  });

  it('says when this browser cannot show push notifications', () => {
    pushDevice.state = 'unsupported';
    renderPage();
    const panel = group('Push notifications on this device');
    expect(within(panel).getByText('Not available')).toBeInTheDocument();
    expect(within(panel).getByText(/This browser cannot show push notifications/)).toBeInTheDocument();
  });

  it('says so when turning push on failed', async () => {
    pushDevice.onSubscribe = 'fails';
    renderPage();
    const panel = group('Push notifications on this device');
    await userEvent.click(within(panel).getByRole('button', { name: 'Turn on push notifications' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Push notifications could not be turned on. Please try again.',
    );
  });
});

describe('e-mail notifications that stopped', () => {
  it.each([
    ['spam_complaint', 'One of our e-mails to you was reported as spam'],
    ['bounce', 'Our e-mails could not be delivered to your address'],
    ['unsubscribe', 'You unsubscribed with the link in one of our e-mails'],
  ] as const)(
    'after %s: says why and turns them back on, keeping the kinds switched off',
    async (reason, why) => {
      state.notificationsDisabled = ['email:promotions'];
      state.emailStopped = { reason, at: '2026-03-01T10:00:00.000Z' };
      renderPage();
      const notice = group('E-mail notifications are turned off');
      expect(notice).toHaveTextContent(why);

      await userEvent.click(
        within(notice).getByRole('button', { name: 'Turn e-mail notifications back on' }),
      );
      expect(await screen.findByText('E-mail notifications are on again.')).toHaveFocus();
      await waitFor(() => expect(state.emailStopped).toBeNull());
      expect(state.updates).toEqual([{ notifications_disabled: ['email:promotions'], resume_email: true }]);
      expect(toggle('Offers by e-mail')).not.toBeChecked();
    },
  );

  it('offers to change the address after a bounce', () => {
    state.emailStopped = { reason: 'bounce', at: '2026-03-01T10:00:00.000Z' };
    renderPage();
    expect(screen.getByRole('link', { name: 'Change your e-mail address' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });

  it('keeps saying they are off when turning them back on fails', async () => {
    state.emailStopped = { reason: 'spam_complaint', at: '2026-03-01T10:00:00.000Z' };
    state.isFailing = true;
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Turn e-mail notifications back on' }));
    const notice = await screen.findByRole('region', { name: 'E-mail notifications are turned off' });
    expect(await within(notice).findByRole('alert')).toHaveTextContent('Your change could not be saved.');
    expect(state.emailStopped).not.toBeNull();
  });
});

describe('installing the app from the notifications page', () => {
  it('offers installing where the browser allows it', async () => {
    renderPage();
    expect(screen.queryByRole('region', { name: 'Install the app' })).toBeNull();
    const prompt = vi.fn(() => Promise.resolve());
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
    expect(offer.defaultPrevented).toBe(true);
    const card = await screen.findByRole('region', { name: 'Install the app' });
    await userEvent.click(within(card).getByRole('button', { name: 'Install' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    // An offer is shown once.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Install the app' })).toBeNull());
  });
});

describe('on an iPhone', () => {
  const userAgent = navigator.userAgent;
  beforeEach(() => {
    Object.defineProperty(navigator, 'userAgent', {
      configurable: true,
      value:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Safari/604.1',
    });
    return () => Object.defineProperty(navigator, 'userAgent', { configurable: true, value: userAgent });
  });

  it('explains that push needs the site on the Home Screen, and how', () => {
    pushDevice.state = 'unsupported';
    renderPage();
    expect(group('Push notifications on this device')).toHaveTextContent(
      'On iPhone and iPad, push notifications work once the site is on your Home Screen: tap Share, then Add to Home Screen, and open it from there.',
    );
    expect(screen.queryByRole('region', { name: 'Install the app' })).toBeNull();
  });

  it('shows how to install when push already works', () => {
    pushDevice.state = 'not-subscribed';
    renderPage();
    expect(screen.getByRole('region', { name: 'Install the app' })).toHaveTextContent(
      'On iPhone and iPad: tap Share, then Add to Home Screen.',
    );
  });
});
