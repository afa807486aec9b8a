import sharp from 'sharp';
import { expect, test } from './fixtures';
import { confirmedMember, memberInNewBrowser } from './member-accounts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const portrait = () =>
  sharp({ create: { width: 480, height: 640, channels: 3, background: '#c58b6b' } })
    .png()
    .toBuffer();

test('the visitor home shows members of the visitor’s country and leads to signup', async ({
  page,
  browser,
  baseURL,
}) => {
  const url = baseURL ?? '';
  // At least one member in the Netherlands (the visitor's country here) has a photo.
  const member = await memberInNewBrowser(browser, url, { prefix: 'face' });
  const uploaded = await member.page.request.post('/api/photo.php', {
    multipart: { photo: { name: 'me.png', mimeType: 'image/png', buffer: await portrait() } },
    headers: { origin: url },
  });
  expect(uploaded.status()).toBe(201);
  await member.page.context().close();

  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const people = page.getByRole('region', { name: 'Singles in the Netherlands right now' });
    await expect(people.getByRole('listitem').first()).toBeVisible();
    await expect(people.getByRole('link', { name: 'Meet them – sign up for free' })).toHaveAttribute(
      'href',
      '/signup',
    );
  }
  // Each face is a member of the database: the first one's page carries the same name and age.
  const first = page
    .getByRole('region', { name: 'Singles in the Netherlands right now' })
    .getByRole('listitem')
    .first()
    .getByRole('link')
    .first();
  const [name, age] = ((await first.textContent()) ?? '').split(/,\s*/);
  await first.click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${name}, ${age?.match(/^\d+/)?.[0]}`);

  // On a phone the signup is a page of its own.
  await page.setViewportSize(PHONE);
  await page.goto('/');
  await page.getByRole('link', { name: 'Meet them – sign up for free' }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('a logged-in member opening the home lands on the search', async ({ page, baseURL }) => {
  await confirmedMember(page, baseURL ?? '');
  await page.goto('/');
  await expect(page).toHaveURL(/\/members$/);
  // The address's query goes along (here the page-bounce flag).
  await page.goto('/?lb=1');
  await expect(page).toHaveURL(/\/members\?lb=1$/);
});

test('phones get the tab bar, desktops the top navigation', async ({ page, baseURL }) => {
  await confirmedMember(page, baseURL ?? '');
  await page.setViewportSize(PHONE);
  await page.goto('/profile');
  const tabs = page.getByRole('navigation', { name: 'Main places' });
  await expect(tabs.getByRole('link', { name: 'Search' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/members$/);
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  // The footer's links keep the page's side margins.
  const footerLinks = await page.getByRole('contentinfo').getByRole('link').all();
  expect(footerLinks.length).toBeGreaterThan(3);
  for (const link of footerLinks) {
    const box = await link.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(8);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width - 8);
  }

  await page.setViewportSize(DESKTOP);
  await expect(tabs).toBeHidden();
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Search members' }),
  ).toBeVisible();
});

test('an unknown page and an unknown member have one layout and the 404 status', async ({ page }) => {
  for (const path of ['/no-such-page', '/members/2147483000']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(1);
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toHaveCount(1);
  }
});

test('the loading bar shows while a page is slow to come', async ({ page }) => {
  await page.goto('/pages/terms');
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === '/pages/faq',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  const bar = page.getByRole('progressbar', { name: 'Loading…' });
  await expect(bar).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/pages\/faq$/);
  await expect(bar).toBeHidden();
});

test('idle connections are kept open longer than clients and proxies keep theirs, for pages and the API', async ({
  request,
}) => {
  // Node's default (5 s) races with a client reusing the socket: the request gets a reset, not an answer.
  for (const path of ['/api/settings.php', '/pages/faq']) {
    const res = await request.get(path);
    expect(res.ok()).toBe(true);
    expect(res.headers()['keep-alive']).toBe('timeout=65');
  }
});
