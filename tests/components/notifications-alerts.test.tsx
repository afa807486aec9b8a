import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigation } from '../helpers/next-navigation';
import { ActivationReminder } from '@/components/auth/activation-reminder';
import { NotificationAlerts } from '@/components/notifications/notification-alerts';
import { TopNav } from '@/components/nav/top-nav';
import { SettingsView } from '@/components/account/settings-view';
import { createAccountHandlers } from '@/lib/api/mocks/account-handlers';
import { createAuthHandlers } from '@/lib/api/mocks/auth-handlers';
import { createMockProfileState, createProfileHandlers } from '@/lib/api/mocks/profile-handlers';
import { createComplaintHandlers } from '@/lib/api/mocks/complaint-handlers';
import { createHandlers } from '@/lib/api/mocks/handlers';
import type { User } from '@/lib/shared/schemas/user';
import { buildUnconfirmedUser, buildUser } from '@/tests/factories/build-user';
import fr from '@/messages/fr.json';
import { pushDevice } from '../helpers/push-state';
import { renderWithProviders } from '../helpers/render';

vi.mock(
  '@/components/push/use-push-state',
  async () => (await import('../helpers/push-state')).pushStateModule,
);

const server = setupServer(
  ...createProfileHandlers(createMockProfileState()),
  ...createAccountHandlers(),
  ...createAuthHandlers(),
  ...createHandlers(() => 'member'),
  ...createComplaintHandlers(),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  pushDevice.reset();
  navigation.pathname = '/members';
});
afterEach(() => window.localStorage.clear());
afterAll(() => {
  server.close();
  navigation.pathname = '/';
});

const STOPPED_AT = '2026-03-01T10:00:00.000Z';
const stoppedMember = (reason: 'bounce' | 'spam_complaint' | 'unsubscribe', more: Partial<User> = {}) =>
  buildUser({ email_notifications_stopped: { reason, at: STOPPED_AT }, ...more });

/** The members' area above the page: the activation reminder and the notification alerts. */
function renderAlerts(user: User | null, options: { locale?: 'fr' } = {}) {
  return renderWithProviders(
    <>
      <ActivationReminder />
      <NotificationAlerts />
    </>,
    { user, ...(options.locale === 'fr' ? { locale: 'fr', messages: fr } : {}) },
  );
}
const stoppedAlert = () => screen.queryByRole('region', { name: 'E-mail notifications are turned off' });
const pushAlert = () => screen.queryByRole('region', { name: 'Never miss a message' });
const reminder = () => screen.queryByRole('region', { name: 'Confirm your e-mail address' });

describe('the alert that e-mail notifications stopped', () => {
  it.each([
    [
      'spam_complaint',
      'One of our e-mails to you was reported as spam, so we stopped sending you e-mail notifications.',
    ],
    [
      'bounce',
      'Our e-mails could not be delivered to your address, so we stopped sending you e-mail notifications.',
    ],
    [
      'unsubscribe',
      'You unsubscribed with the link in one of our e-mails, so e-mail notifications are turned off.',
    ],
  ] as const)('says why after %s and leads to turning them back on', (reason, text) => {
    renderAlerts(stoppedMember(reason));
    // Shown with the first render: an alert left out below is left out, not late.
    const alert = screen.getByRole('region', { name: 'E-mail notifications are turned off' });
    expect(alert).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: 'Turn them back on' })).toHaveAttribute('href', '/notifications');
  });

  it('speaks the member’s language', async () => {
    renderAlerts(stoppedMember('bounce'), { locale: 'fr' });
    expect(
      await screen.findByRole('region', { name: 'Les notifications par e-mail sont désactivées' }),
    ).toHaveTextContent('Nos e-mails n’ont pas pu être distribués à votre adresse');
  });

  it('stays away once dismissed, until e-mail notifications stop again later', async () => {
    const { unmount } = renderAlerts(stoppedMember('bounce'));
    await userEvent.click(await screen.findByRole('button', { name: 'Hide this message' }));
    expect(stoppedAlert()).toBeNull();
    expect(Number(window.localStorage.getItem('disabled-notifications-alert'))).toBeGreaterThan(
      Date.parse(STOPPED_AT),
    );
    unmount();

    const { unmount: unmountAgain } = renderAlerts(stoppedMember('bounce'));
    expect(stoppedAlert()).toBeNull();
    unmountAgain();

    const later = new Date(Date.now() + 60_000).toISOString();
    renderAlerts(buildUser({ email_notifications_stopped: { reason: 'spam_complaint', at: later } }));
    expect(
      await screen.findByRole('region', { name: 'E-mail notifications are turned off' }),
    ).toHaveTextContent('reported as spam');
  });

  it('is not shown on the notifications page, which says it itself', () => {
    navigation.pathname = '/notifications';
    renderAlerts(stoppedMember('bounce'));
    expect(stoppedAlert()).toBeNull();
  });

  it('waits while the activation reminder is shown, and comes once that is dismissed', async () => {
    renderAlerts(buildUnconfirmedUser({ email_notifications_stopped: { reason: 'bounce', at: STOPPED_AT } }));
    expect(await screen.findByRole('region', { name: 'Confirm your e-mail address' })).toBeInTheDocument();
    expect(stoppedAlert()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Hide this reminder' }));
    expect(reminder()).toBeNull();
    expect(
      await screen.findByRole('region', { name: 'E-mail notifications are turned off' }),
    ).toBeInTheDocument();
  });
});

describe('the push notification offer', () => {
  it('is never above the page, whatever the device', () => {
    renderAlerts(buildUser());
    expect(pushAlert()).toBeNull();
  });
});

describe('the ways to the notifications page', () => {
  it('is a section of the settings page', () => {
    renderWithProviders(<SettingsView />, { user: buildUser() });
    const section = screen.getByRole('region', { name: 'Notifications' });
    expect(section).toHaveTextContent('Choose which messages, likes and news reach you');
    expect(screen.getByRole('link', { name: 'Notification settings' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('is in the account menu, which offers installing the app once the browser does', async () => {
    renderWithProviders(<TopNav />, { user: buildUser() });
    await userEvent.click(screen.getByRole('button', { name: 'Quinn' }));
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications');
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull();

    const prompt = vi.fn(() => Promise.resolve());
    window.dispatchEvent(
      Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt,
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Install the app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
  });
});
