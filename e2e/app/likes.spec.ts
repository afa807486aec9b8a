import sharp from 'sharp';
import { expect, test } from './fixtures';
import { memberInNewBrowser } from './member-accounts';

/** The country of these flows' members: no other flow signs members up there. */
const QUIET = 'DK';

test('a like, a like back and the match, on a phone and a desktop', async ({ browser, baseURL }) => {
  // Two members in two browsers with several page loads each: more than one default timeout.
  test.slow();
  const url = baseURL ?? '';
  // Of a country the other flows leave alone, so no one else's swipe or search likes them meanwhile.
  const anna = await memberInNewBrowser(browser, url, { prefix: 'anna', gender: 'female', country: QUIET });
  const bram = await memberInNewBrowser(browser, url, { prefix: 'bram', gender: 'male', country: QUIET });
  await anna.page.setViewportSize({ width: 390, height: 844 });
  await bram.page.setViewportSize({ width: 1280, height: 800 });

  // Anna likes Bram from his page, in the action bar at the bottom of her phone's screen.
  await anna.page.goto(`/members/${bram.id}`);
  const like = anna.page.getByRole('button', { name: 'Like', exact: true });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(anna.page.getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true');
  await expect(anna.page.getByRole('dialog')).toHaveCount(0);

  // Bram sees a new like in the navigation and in his likes, marked new, until he opens her profile.
  await bram.page.goto('/likes');
  const nav = bram.page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: /Likes/ })).toContainText('1');
  const received = bram.page.getByRole('listitem').filter({ hasText: anna.name });
  await expect(received).toContainText('New');
  await received.getByRole('link').click();
  await expect(bram.page).toHaveURL(new RegExp(`/members/${anna.id}$`));

  // He sees that Anna likes him, likes back, and both see the match.
  await expect(bram.page.getByText('Likes you')).toBeVisible();
  await bram.page.getByRole('button', { name: 'Like', exact: true }).click();
  const match = bram.page.getByRole('dialog', { name: "It's a match!" });
  await expect(match).toBeVisible();
  await expect(match).toContainText(`You and ${anna.name} like each other.`);
  await expect(match.getByRole('button', { name: 'Keep browsing' })).toBeFocused();
  await bram.page.keyboard.press('Escape');
  await expect(match).toBeHidden();
  await expect(bram.page.getByRole('button', { name: "It's a match" })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await bram.page.goto('/likes/received');
  await expect(bram.page.getByRole('listitem').filter({ hasText: anna.name })).not.toContainText('New');
  await expect(nav.getByRole('link', { name: /Likes/ })).not.toContainText('1');
  await bram.page.getByRole('link', { name: 'Matches' }).click();
  await expect(bram.page).toHaveURL(/\/likes\/matches$/);
  await expect(bram.page.getByRole('listitem').filter({ hasText: anna.name })).toContainText('Match');

  // Anna's matches on her phone: the tab bar leads there.
  await anna.page
    .getByRole('navigation', { name: 'Main places' })
    .getByRole('link', { name: /Likes/ })
    .click();
  await anna.page.getByRole('link', { name: 'Matches' }).click();
  await anna.page.getByRole('listitem').filter({ hasText: bram.name }).getByRole('link').click();
  // The match has its own page, with both of them and the way to his profile.
  await expect(anna.page).toHaveURL(new RegExp(`/likes/m/${bram.id}$`));
  await expect(anna.page.getByRole('heading', { level: 1 })).toHaveText(`You and ${bram.name} match`);
  await expect(anna.page.getByRole('link', { name: `View the profile of ${bram.name}` })).toHaveAttribute(
    'href',
    `/members/${bram.id}`,
  );
  await expect(anna.page.getByRole('button', { name: "It's a match" })).toBeVisible();

  // Taking the like back ends the match; Bram's like of Anna stays.
  await anna.page.getByRole('button', { name: "It's a match" }).click();
  await expect(anna.page.getByRole('heading', { level: 1 })).toHaveText(`${bram.name} likes you`);
  await expect(anna.page.getByText(`Like ${bram.name} back and you match.`)).toBeVisible();
  await expect(anna.page.getByRole('button', { name: 'Like', exact: true })).toBeVisible();

  // From a card: Bram is among the likes she received; the heart on his card makes the match again.
  await anna.page.goto('/likes/received');
  const heart = anna.page.getByRole('button', { name: `Like ${bram.name}` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(anna.page.getByRole('dialog', { name: "It's a match!" })).toBeVisible();
  await anna.page.getByRole('button', { name: 'Keep browsing' }).click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  await expect(anna.page).toHaveTitle(/^(?!\(\d+\) )/);
});

test('a visitor who wants to like is led to signup', async ({ page, baseURL, browser }) => {
  const member = await memberInNewBrowser(browser, baseURL ?? '', { prefix: 'liked' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/members/${member.id}`);
  await page.getByRole('link', { name: 'Like', exact: true }).click();
  await expect(page).toHaveURL(/\/signup$/);
});

test('an unknown likes list, and a like page without a like, are the 404 page', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two members in two browsers and several 404 pages: more than one default timeout.
  test.slow();
  const res = await page.goto('/likes/everyone');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(1);

  const url = baseURL ?? '';
  const viewer = await memberInNewBrowser(browser, url, { prefix: 'nolike' });
  const other = await memberInNewBrowser(browser, url, { prefix: 'stranger' });
  expect((await viewer.page.goto(`/likes/m/${other.id}`))?.status()).toBe(404);
  expect((await viewer.page.goto('/likes/m/not-a-number'))?.status()).toBe(404);
  // A logged-in member's 404 page, of an unknown page or member, has one frame: one top bar.
  for (const path of ['/no-such-page', '/members/2147483000', '/likes/m/not-a-number']) {
    expect((await viewer.page.goto(path))?.status(), path).toBe(404);
    await expect(viewer.page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    await expect(viewer.page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(1);
    await expect(viewer.page.locator('header')).toHaveCount(1);
  }
});

test('the t query shows the like modal of an auto-like, then leaves the URL; the like is real', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const url = baseURL ?? '';
  // Someone who fits her search (a man of her country with a photo).
  const liker = await memberInNewBrowser(browser, url, {
    prefix: 'autoliker',
    gender: 'male',
    country: QUIET,
  });
  const photo = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#8b6bc5' } })
    .png()
    .toBuffer();
  const uploaded = await liker.page.request.post('/api/photo.php', {
    multipart: { photo: { name: 'me.png', mimeType: 'image/png', buffer: photo } },
    headers: { origin: url },
  });
  expect(uploaded.status()).toBe(201);
  await liker.page.context().close();

  const viewer = await memberInNewBrowser(browser, url, {
    prefix: 'autoliked',
    gender: 'female',
    country: QUIET,
  });
  const page = viewer.page;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/members?t=1');
  const modal = page.getByRole('dialog', { name: 'New like!' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('likes you.');
  // Other members of the flows running beside this one may like her too: the liker is named here.
  const likerName = ((await modal.locator('#like-modal-text').textContent()) ?? '').split(/,\s*/)[0] ?? '';
  expect(likerName).not.toBe('');
  await expect(modal.locator('img')).toHaveAttribute('src', /^\/cdn\//);
  await expect(page).toHaveURL(/\/members$/);
  await expect(modal.getByRole('button', { name: 'View profile' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  // The like is a real one: new in her likes, counted in the tab bar.
  await expect(
    page.getByRole('navigation', { name: 'Main places' }).getByRole('link', { name: /Likes/ }),
  ).toContainText(/[1-9]/);
  await page.goto('/likes');
  await expect(page.getByRole('listitem').filter({ hasText: likerName })).toContainText('New');

  // On a desktop the same day, the same liker again; the button leads to their profile.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/likes/sent?t=0');
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'View profile' }).click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  await expect(page.getByText('Likes you')).toBeVisible();
});
