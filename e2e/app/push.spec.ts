// The installed app: the service worker at /sw-push.js, the browser's push subscription, the web app
// manifest, the back button of the standalone display and the offline page.
import { createECDH, randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { confirmedMember } from './member-accounts';

/** Where the stubbed Push API keeps the browser's subscription (it lives as long as the tab). */
const STORED = 'e2e-push-subscription';

/**
 * Headless Chromium has no push service to subscribe at ("Registration failed"), so the Push API is
 * stubbed: `subscribe` makes a subscription at Google's push service address with real keys, kept
 * for the tab; `unsubscribe` ends it. Everything else — the worker, the page, the API — is real.
 */
async function stubPushApi(context: BrowserContext) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  await context.addInitScript(
    ({ stored, keys }) => {
      type Stored = { endpoint: string; key: number[] };
      const make = (data: Stored) => ({
        endpoint: data.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(data.key).buffer },
        toJSON: () => ({ endpoint: data.endpoint, expirationTime: null, keys }),
        unsubscribe: () => {
          sessionStorage.removeItem(stored);
          return Promise.resolve(true);
        },
      });
      PushManager.prototype.getSubscription = function () {
        const raw = sessionStorage.getItem(stored);
        return Promise.resolve((raw ? make(JSON.parse(raw) as Stored) : null) as unknown as PushSubscription);
      };
      PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
        const source = options?.applicationServerKey;
        const bytes =
          source instanceof ArrayBuffer
            ? new Uint8Array(source)
            : ArrayBuffer.isView(source)
              ? new Uint8Array(source.buffer, source.byteOffset, source.byteLength)
              : new Uint8Array();
        const data = {
          endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`,
          key: [...bytes],
        };
        sessionStorage.setItem(stored, JSON.stringify(data));
        return Promise.resolve(make(data) as unknown as PushSubscription);
      };
    },
    {
      stored: STORED,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    },
  );
}

/** The page's service worker once it is active: its script and scope. */
const activeWorker = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { script: registration.active?.scriptURL ?? '', scope: registration.scope };
  });

test('a logged-in member’s browser gets the worker at /sw-push.js; its push subscription is stored, and ends on logout', async ({
  page,
  context,
  baseURL,
}) => {
  // Signup, confirmation, three page loads and a logout.
  test.slow();
  const url = baseURL ?? '';
  await context.grantPermissions(['notifications'], { origin: url });
  await stubPushApi(context);
  const member = await confirmedMember(page, url, { prefix: 'pusher' });
  await page.goto('/members');
  expect(await activeWorker(page)).toEqual({ script: `${url}/sw-push.js`, scope: `${url}/` });

  const script = await page.request.get('/sw-push.js');
  expect(script.headers()['content-type']).toContain('javascript');
  expect(script.headers()['cache-control']).toBe('no-cache');
  expect(await script.text()).toContain('const VERSION = 2;');

  // The browser subscribes with the site's key (as the push switch does); the page registers it.
  const key = ((await (await page.request.get('/api/settings.php')).json()) as { push_public_key: string })
    .push_public_key;
  const endpoint = await page.evaluate(async (publicKey) => {
    const registration = await navigator.serviceWorker.ready;
    const bytes = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
      c.charCodeAt(0),
    );
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: bytes,
    });
    return subscription.endpoint;
  }, key);
  const registered = page.waitForResponse(
    (response) => response.url().endsWith('/api/user.php?push=1') && response.request().method() === 'POST',
  );
  await page.reload();
  const response = await registered;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({ subscription: { endpoint } });

  // Logging out ends the browser's subscription: the next person on this device gets no pushes of theirs.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('button', { name: member.name }).click();
  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect.poll(() => page.evaluate((stored) => sessionStorage.getItem(stored), STORED)).toBeNull();
});

test('the web app manifest names the app, its icons, standalone display and shortcuts, in the visitor’s language', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = (await (await request.get(href ?? '')).json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    scope: string;
    id: string;
    icons: { src: string; sizes: string; purpose: string }[];
    shortcuts: { name: string; url: string; icons: { src: string }[] }[];
  };
  expect(manifest).toMatchObject({
    name: 'Lovelane',
    short_name: 'Lovelane',
    start_url: '/members',
    display: 'standalone',
    scope: '/',
    id: '/',
  });
  const icons = manifest.icons.map((icon) => `${icon.purpose} ${icon.sizes}`);
  expect(icons).toEqual(
    expect.arrayContaining(['any 192x192', 'any 512x512', 'maskable 192x192', 'maskable 512x512']),
  );
  expect(manifest.shortcuts.map((shortcut) => [shortcut.name, shortcut.url])).toEqual([
    ['Search members', '/members'],
    ['Messages', '/chats'],
    ['Likes', '/likes'],
  ]);
  for (const src of [...manifest.icons, ...manifest.shortcuts.flatMap((shortcut) => shortcut.icons)].map(
    (icon) => icon.src,
  )) {
    const icon = await request.get(src);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()['content-type'], src).toBe('image/png');
  }
  const german = (await (
    await request.get('/manifest.webmanifest', { headers: { 'accept-language': 'de' } })
  ).json()) as {
    shortcuts: { name: string }[];
  };
  expect(german.shortcuts.map((shortcut) => shortcut.name)).toEqual([
    'Mitglieder suchen',
    'Nachrichten',
    'Likes',
  ]);
});

test.describe('the back button', () => {
  /** Opens a member's page from the search, as a member would: history is then longer than 1. */
  async function openMemberFromSearch(page: Page) {
    await page.goto('/members');
    const card = page.getByRole('list', { name: 'Search results' }).getByRole('article').first();
    await card.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/members\/\d+$/);
  }
  const backButton = (page: Page) =>
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Back' });

  test('is not shown in the browser', async ({ page, baseURL }) => {
    await confirmedMember(page, baseURL ?? '', { prefix: 'browser' });
    await openMemberFromSearch(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(backButton(page)).toHaveCount(0);
  });

  test('shows in the installed app’s standalone display on a member’s page, and goes back', async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    const url = baseURL ?? '';
    const context = await browser.newContext({ baseURL: url });
    await context.addCookies([{ name: 'site_entry_accepted', value: '1', url }]);
    // Chromium does not emulate display-mode: the page is told it is standalone, as an installed app is.
    await context.addInitScript(() => {
      const matchMedia = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        /display-mode:\s*standalone/.test(query)
          ? ({
              matches: true,
              media: query,
              onchange: null,
              addEventListener: () => undefined,
              removeEventListener: () => undefined,
              addListener: () => undefined,
              removeListener: () => undefined,
              dispatchEvent: () => false,
            } as MediaQueryList)
          : matchMedia(query);
    });
    const page = await context.newPage();
    await confirmedMember(page, url, { prefix: 'installed' });
    await openMemberFromSearch(page);
    await expect(backButton(page)).toBeVisible();
    await backButton(page).click();
    await expect(page).toHaveURL(/\/members$/);
    await context.close();
  });
});

test('the offline page shows, in the member’s language, when the network is gone', async ({
  page,
  context,
  baseURL,
}) => {
  test.slow();
  const url = baseURL ?? '';
  await context.addCookies([{ name: 'i18n_redirected', value: 'de', url }]);
  const member = await confirmedMember(page, url, { prefix: 'offline' });
  await page.goto('/members');
  await activeWorker(page);
  await expect.poll(() => page.evaluate(async () => Boolean(await caches.match('/offline')))).toBe(true);
  // The kept page was made for nobody in particular: no member's data in it.
  const kept = await page.evaluate(async () => (await caches.match('/offline'))?.text());
  expect(kept).toContain('Du bist offline');
  expect(kept).not.toContain(member.name);
  expect(kept).not.toContain(member.email);

  await context.setOffline(true);
  await page.goto('/likes');
  await expect(page.getByRole('heading', { name: 'Du bist offline' })).toBeVisible();
  await expect(page).toHaveURL(/\/likes$/);
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page.getByRole('heading', { name: 'Du bist offline' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/likes$/);
});
