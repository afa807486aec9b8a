import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { waitForHydration } from '../fixtures';
import { expect, test } from './fixtures';
import { memberInNewBrowser } from './member-accounts';

// A member's page is rendered once per class of viewer and served from a cache
// (lib/server/page-cache): these flows check that no viewer ever sees another viewer's data, and
// that every change shows on the next view.

/** The country of these flows' members: few other flows sign members up there. */
const QUIET = 'IE';

async function open(page: Page, path: string) {
  const res = await page.goto(path);
  await waitForHydration(page);
  return res;
}

/** The page as sent (before any script runs), and whether it came with holes (a class render). */
async function sent(page: Page, path: string) {
  const res = await page.request.get(path);
  const html = await res.text();
  return { status: res.status(), html, hasHoles: html.includes('id="lovelane-page-holes"') };
}

/** Buys the smallest bundle through the test payment service: the member is premium from then on. */
async function becomePremium(page: Page) {
  await open(page, '/credits');
  await page.getByRole('link', { name: 'Choose 100 credits' }).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const methods = page.getByRole('group', { name: 'Payment method' });
  await methods.locator('label', { hasText: 'iDEAL' }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/sandbox\/checkout\/tr_sbx_/);
  await page.getByRole('button', { name: 'Paid', exact: true }).click();
  await page.waitForURL(/\/transactions\/\d+$/);
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/user.php', { headers: { 'X-Request-Type': 'client' } });
        return ((await res.json()) as { user: { paid_user: boolean } }).user.paid_user;
      },
      { timeout: 25_000 },
    )
    .toBe(true);
}

async function addPhotos(page: Page, baseURL: string, count: number) {
  for (let i = 0; i < count; i += 1) {
    const photo = await sharp({
      create: {
        width: 480,
        height: 640,
        channels: 3,
        background: `#${(0x405060 + i * 0x151515).toString(16)}`,
      },
    })
      .png()
      .toBuffer();
    const uploaded = await page.request.post('/api/photo.php', {
      multipart: { photo: { name: `me-${i}.png`, mimeType: 'image/png', buffer: photo } },
      headers: { origin: baseURL },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }
}

test('a member page rendered once shows every viewer their own name, likes and photos, and every change at once', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const url = baseURL ?? '';
  const owner = await memberInNewBrowser(browser, url, { prefix: 'shown', country: QUIET });
  await addPhotos(owner.page, url, 3);
  const anna = await memberInNewBrowser(browser, url, { prefix: 'anna', country: QUIET });
  const bert = await memberInNewBrowser(browser, url, { prefix: 'bert', country: QUIET });
  const path = `/members/${owner.id}`;

  // Two free members one after the other: the second view is the first one's page, with the
  // second member's own data in it and nothing of the first's.
  for (const viewer of [anna, bert, anna]) {
    const other = viewer === anna ? bert : anna;
    const page = await sent(viewer.page, path);
    expect(page.status).toBe(200);
    expect(page.hasHoles).toBe(true);
    expect(page.html).toContain(viewer.name);
    expect(page.html).not.toContain(other.name);
    expect(page.html).not.toContain(other.email);
    await open(viewer.page, path);
    await expect(viewer.page.locator('.account-menu-toggle')).toContainText(viewer.name);
    // A member sees all 3 photos (a visitor only the first, below: the others are blurs).
    await expect(viewer.page.locator('.member-gallery .member-gallery-slide')).toHaveCount(3);
    await expect(viewer.page.locator('.member-gallery .member-photo-blur')).toHaveCount(0);
  }

  // Anna likes the member: her next view says so, Bert's does not.
  const liked = await anna.page.request.post('/api/like.php', {
    data: { member: owner.id },
    headers: { origin: url },
  });
  expect(liked.ok()).toBe(true);
  await open(anna.page, path);
  await expect(anna.page.locator('.like-button')).toHaveText(/Liked/);
  await expect(anna.page.locator('.like-button')).toBeEnabled();
  await open(bert.page, path);
  await expect(bert.page.locator('.like-button')).toHaveText(/^Like$/);

  // A visitor gets the page with nobody's data.
  const visitor = await browser.newContext({ baseURL: url });
  const visitorPage = await visitor.newPage();
  const anonymous = await sent(visitorPage, path);
  expect(anonymous.status).toBe(200);
  for (const name of [anna.name, bert.name]) expect(anonymous.html).not.toContain(name);
  expect(anonymous.html).not.toContain('"credits"');
  await open(visitorPage, path);
  await expect(visitorPage.locator('.member-gallery .member-gallery-slide')).toHaveCount(3);
  await expect(visitorPage.locator('.member-gallery .member-photo-blur')).toHaveCount(2);

  // A profile change shows on the next view of everyone.
  const saved = await owner.page.request.put('/api/profile.php', {
    data: { relationship_status: 'divorced' },
    headers: { origin: url },
  });
  expect(saved.ok()).toBe(true);
  await open(bert.page, path);
  await expect(bert.page.getByText('Divorced', { exact: true })).toBeVisible();
  await open(visitorPage, path);
  await expect(visitorPage.getByText('Divorced', { exact: true })).toBeVisible();
  // So does a photo taken away.
  const photos = (await (await owner.page.request.get('/api/photos.php')).json()) as {
    photos: { id: number }[];
  };
  const removed = await owner.page.request.delete('/api/photo.php', {
    data: { id: photos.photos.at(-1)?.id },
    headers: { origin: url },
  });
  expect(removed.ok()).toBe(true);
  await open(visitorPage, path);
  await expect(visitorPage.locator('.member-gallery .member-gallery-slide')).toHaveCount(2);

  // The member blocks Anna: her next view is the block page; Bert still sees the member.
  const blocked = await owner.page.request.post('/api/block.php', {
    data: { member: anna.id },
    headers: { origin: url },
  });
  expect(blocked.ok()).toBe(true);
  await open(anna.page, path);
  await expect(
    anna.page.getByText('You have been blocked by a member and have no access to this page.'),
  ).toBeVisible();
  await open(bert.page, path);
  await expect(bert.page.getByRole('heading', { level: 1 })).toContainText(owner.name);

  // The member goes invisible: nobody else finds the page any more.
  const hidden = await owner.page.request.put('/api/profile.php', {
    data: { invisible: true },
    headers: { origin: url },
  });
  expect(hidden.ok()).toBe(true);
  expect((await sent(bert.page, path)).status).toBe(404);
  expect((await sent(visitorPage, path)).status).toBe(404);

  await visitor.close();
  for (const member of [owner, anna, bert]) await member.page.context().close();
});

test('the search rendered once lists for every member what their own search would, and drops at once who changed', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const url = baseURL ?? '';
  // Two women in the same country start the same search (men there); a man there is found.
  const man = await memberInNewBrowser(browser, url, { prefix: 'found', gender: 'male', country: QUIET });
  const anna = await memberInNewBrowser(browser, url, { prefix: 'searcher', country: QUIET });
  const bert = await memberInNewBrowser(browser, url, { prefix: 'searcher', country: QUIET });
  const card = (page: Page) => page.getByRole('article').filter({ hasText: man.name });

  for (const viewer of [anna, bert]) {
    const other = viewer === anna ? bert : anna;
    const page = await sent(viewer.page, '/members');
    expect(page.hasHoles).toBe(true);
    expect(page.html).toContain(viewer.name);
    expect(page.html).not.toContain(other.name);
    await open(viewer.page, '/members');
    await expect(card(viewer.page)).toBeVisible();
  }

  // Anna's heart on his card is hers alone.
  const liked = await anna.page.request.post('/api/like.php', {
    data: { member: man.id },
    headers: { origin: url },
  });
  expect(liked.ok()).toBe(true);
  await open(anna.page, '/members');
  await expect(card(anna.page).getByRole('button', { name: `Like ${man.name}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await open(bert.page, '/members');
  await expect(card(bert.page).getByRole('button', { name: `Like ${man.name}` })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // He blocks Anna: her search no longer lists him; Bert's still does.
  const blocked = await man.page.request.post('/api/block.php', {
    data: { member: anna.id },
    headers: { origin: url },
  });
  expect(blocked.ok()).toBe(true);
  await open(anna.page, '/members');
  await expect(anna.page.getByRole('article').first()).toBeVisible();
  await expect(card(anna.page)).toHaveCount(0);
  await open(bert.page, '/members');
  await expect(card(bert.page)).toBeVisible();

  // He goes invisible: nobody's search lists him any more.
  const hidden = await man.page.request.put('/api/profile.php', {
    data: { invisible: true },
    headers: { origin: url },
  });
  expect(hidden.ok()).toBe(true);
  expect((await sent(bert.page, '/members')).html).not.toContain(man.name);

  for (const member of [man, anna, bert]) await member.page.context().close();
});

test('a free member and a premium member each see the photos their standing shows', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const url = baseURL ?? '';
  const owner = await memberInNewBrowser(browser, url, { prefix: 'gallery', country: QUIET });
  await becomePremium(owner.page);
  await addPhotos(owner.page, url, 4);
  const viewer = await memberInNewBrowser(browser, url, { prefix: 'looker', country: QUIET });
  const path = `/members/${owner.id}`;
  const slides = (page: Page) => page.locator('.member-gallery .member-gallery-slide');
  const blurs = (page: Page) => page.locator('.member-gallery .member-photo-blur');

  // Free: three photos, the fourth a blur behind Premium.
  await open(viewer.page, path);
  await expect(slides(viewer.page)).toHaveCount(4);
  await expect(blurs(viewer.page)).toHaveCount(1);
  expect((await sent(viewer.page, path)).html).not.toContain(viewer.email);

  // The same member, premium now: the page of their new standing, all four photos.
  await becomePremium(viewer.page);
  await open(viewer.page, path);
  await expect(slides(viewer.page)).toHaveCount(4);
  await expect(blurs(viewer.page)).toHaveCount(0);
  const premiumPage = await sent(viewer.page, path);
  expect(premiumPage.hasHoles).toBe(true);
  expect(premiumPage.html).not.toContain('member-photo-blur');

  // A free member after them still gets the free page.
  const another = await memberInNewBrowser(browser, url, { prefix: 'looker', country: QUIET });
  await open(another.page, path);
  await expect(blurs(another.page)).toHaveCount(1);

  for (const member of [owner, viewer, another]) await member.page.context().close();
});
