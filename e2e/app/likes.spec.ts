import { expect, test } from './fixtures';
import { memberInNewBrowser } from './member-accounts';

test('a like, a like back and the match, on a phone and a desktop', async ({ browser, baseURL }) => {
  // Two members in two browsers with several page loads each: more than one default timeout.
  test.slow();
  const url = baseURL ?? '';
  const anna = await memberInNewBrowser(browser, url, { prefix: 'anna', gender: 'female' });
  const bram = await memberInNewBrowser(browser, url, { prefix: 'bram', gender: 'male' });
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
  await expect(anna.page.getByRole('button', { name: "It's a match" })).toBeVisible();

  // Taking the like back ends the match; Bram's like of Anna stays.
  await anna.page.getByRole('button', { name: "It's a match" }).click();
  await expect(anna.page.getByRole('button', { name: 'Like', exact: true })).toBeVisible();
  await expect(anna.page.getByText('Likes you')).toBeVisible();

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

test('an unknown likes list is the 404 page', async ({ page }) => {
  const res = await page.goto('/likes/everyone');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(1);
});
