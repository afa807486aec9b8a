import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { usePushState } from '@/components/push/use-push-state';
import { mockSettings, mockUser } from '@/lib/api/mocks/fixtures';
import { createHandlers } from '@/lib/api/mocks/handlers';
import { createMockPushState, createPushHandlers } from '@/lib/api/mocks/push-handlers';
import { queryKeys } from '@/lib/api/queries';
import { renderWithProviders } from '../helpers/render';

const pushState = createMockPushState();
const server = setupServer(...createPushHandlers(pushState), ...createHandlers(() => 'member'));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** The site's VAPID public key as the settings carry it, and its bytes. */
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const PUBLIC_KEY = Buffer.from(KEY_BYTES).toString('base64url');

interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer; userVisibleOnly: boolean };
  toJSON: () => PushSubscriptionJSON;
  unsubscribe: () => Promise<boolean>;
}

/** A browser with a service worker container, the Push API and notifications, all under the test's control. */
function fakeBrowser(options: { permission?: NotificationPermission; answer?: NotificationPermission } = {}) {
  let permission: NotificationPermission = options.permission ?? 'default';
  let current: FakeSubscription | null = null;
  let registered = false;
  const pushManager = {
    getSubscription: vi.fn(() => Promise.resolve(current)),
    subscribe: vi.fn((init: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      const endpoint = `https://fcm.googleapis.com/fcm/send/test-${Math.random().toString(36).slice(2)}`;
      const subscription: FakeSubscription = {
        endpoint,
        options: {
          applicationServerKey: init.applicationServerKey.slice().buffer,
          userVisibleOnly: init.userVisibleOnly,
        },
        toJSON: () => ({
          endpoint,
          expirationTime: null,
          keys: { p256dh: PUBLIC_KEY, auth: 'A'.repeat(22) },
        }),
        unsubscribe: vi.fn(() => {
          current = null;
          return Promise.resolve(true);
        }),
      };
      current = subscription;
      return Promise.resolve(subscription);
    }),
  };
  const registration = { pushManager, active: { postMessage: vi.fn() } };
  const container = {
    getRegistration: vi.fn(() => Promise.resolve(registered ? registration : undefined)),
    register: vi.fn(() => {
      registered = true;
      return Promise.resolve(registration);
    }),
    get ready() {
      return Promise.resolve(registration);
    },
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  const requestPermission = vi.fn(() => {
    permission = options.answer ?? 'granted';
    return Promise.resolve(permission);
  });
  Object.defineProperty(window.navigator, 'serviceWorker', { value: container, configurable: true });
  Object.defineProperty(window, 'PushManager', { value: class {}, configurable: true });
  Object.defineProperty(window, 'Notification', {
    value: {
      get permission() {
        return permission;
      },
      requestPermission,
    },
    configurable: true,
  });
  return {
    container,
    pushManager,
    requestPermission,
    /** A subscription the browser already has (the member subscribed on an earlier visit). */
    subscribeEarlier: async () => {
      registered = true;
      permission = 'granted';
      await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: KEY_BYTES });
    },
    current: () => current,
  };
}

afterEach(() => {
  for (const name of ['PushManager', 'Notification'] as const)
    delete (window as unknown as Record<string, unknown>)[name];
  delete (window.navigator as unknown as Record<string, unknown>).serviceWorker;
  pushState.subscriptions.clear();
  server.resetHandlers();
});

function Probe() {
  const push = usePushState();
  return (
    <div>
      <p data-testid="state">{push.state}</p>
      {push.error && <p role="alert">{push.error}</p>}
      <button type="button" disabled={push.isBusy} onClick={() => void push.subscribe()}>
        Turn on
      </button>
      <button type="button" disabled={push.isBusy} onClick={() => void push.unsubscribe()}>
        Turn off
      </button>
    </div>
  );
}

const renderProbe = () =>
  renderWithProviders(<Probe />, {
    user: mockUser,
    prepare: (client) =>
      client.setQueryData(queryKeys.settings, { ...mockSettings, push_public_key: PUBLIC_KEY }),
  });

const state = () => screen.getByTestId('state');

describe('usePushState', () => {
  it('says unsupported where the browser has no Push API', async () => {
    renderProbe();
    await waitFor(() => expect(state()).toHaveTextContent('unsupported'));
  });

  it('says denied when the member blocked notifications for the site', async () => {
    fakeBrowser({ permission: 'denied' });
    renderProbe();
    await waitFor(() => expect(state()).toHaveTextContent('denied'));
  });

  it('subscribes: permission, the worker at /sw-push.js, the site’s key, and the registration with the server', async () => {
    const browser = fakeBrowser();
    renderProbe();
    await waitFor(() => expect(state()).toHaveTextContent('not-subscribed'));
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(state()).toHaveTextContent(/^subscribed$/));
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    expect(browser.container.register).toHaveBeenCalledWith('/sw-push.js', {
      scope: '/',
      updateViaCache: 'none',
    });
    const [init] = browser.pushManager.subscribe.mock.calls[0] ?? [];
    expect(init?.userVisibleOnly).toBe(true);
    expect([...(init?.applicationServerKey ?? [])]).toEqual([...KEY_BYTES]);
    expect([...pushState.subscriptions.keys()]).toEqual([browser.current()?.endpoint]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('knows an earlier subscription, and unsubscribes at the push service and the server', async () => {
    const browser = fakeBrowser();
    await browser.subscribeEarlier();
    const endpoint = browser.current()?.endpoint ?? '';
    pushState.subscriptions.set(endpoint, { p256dh: PUBLIC_KEY, auth: 'A'.repeat(22) });
    renderProbe();
    await waitFor(() => expect(state()).toHaveTextContent(/^subscribed$/));
    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(state()).toHaveTextContent('not-subscribed'));
    expect(browser.current()).toBeNull();
    expect(pushState.subscriptions.has(endpoint)).toBe(false);
  });

  it('says why when the member refuses notifications', async () => {
    fakeBrowser({ answer: 'denied' });
    renderProbe();
    await waitFor(() => expect(state()).toHaveTextContent('not-subscribed'));
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Notifications are blocked for this site. Allow them in your browser’s site settings to turn on push notifications.',
    );
    expect(state()).toHaveTextContent('denied');
  });

  it('ends the browser’s subscription again when the server does not take it', async () => {
    const browser = fakeBrowser();
    server.use(
      http.post('*/api/user.php', () =>
        HttpResponse.json({ error: { code: 'internal_error', message: 'x' } }, { status: 500 }),
      ),
    );
    renderProbe();
    await waitFor(() => expect(state()).toHaveTextContent('not-subscribed'));
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Push notifications could not be turned on. Please try again.',
    );
    expect(state()).toHaveTextContent('not-subscribed');
    expect(browser.current()).toBeNull();
  });
});
