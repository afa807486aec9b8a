import type { Page } from '@playwright/test';
import { uniqueEmail, uniqueTag } from '../../tests/factories/unique';
import { expect, test } from './fixtures';
import { memberInNewBrowser, PASSWORD } from './member-accounts';

const SCREENS = [
  { name: 'a phone', viewport: { width: 390, height: 844 } },
  { name: 'a desktop', viewport: { width: 1280, height: 800 } },
] as const;

/** Interest ids by slug, from the reference list. */
async function interestIds(page: Page): Promise<Record<string, number>> {
  const res = await page.request.get('/api/interests.php');
  const { interests } = (await res.json()) as { interests: { id: number; slug: string }[] };
  return Object.fromEntries(interests.map((i) => [i.slug, i.id]));
}

/** Sets the member's town and interests through the profile API. */
async function setProfile(page: Page, baseURL: string, changes: { city: string; interests: number[] }) {
  const res = await page.request.put(`${baseURL}/api/profile.php`, {
    data: { country: 'NL', ...changes },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(200);
}

for (const screen of SCREENS) {
  test(`the match-finder lists the best matches with why, likeable from the list, on ${screen.name}`, async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    const url = baseURL ?? '';
    // Two members in a village no demo member lives in, sharing two interests.
    const bram = await memberInNewBrowser(browser, url, { prefix: 'bram', gender: 'male' });
    const ids = await interestIds(bram.page);
    const [travel = 0, cooking = 0, music = 0] = [ids.travel, ids.cooking, ids.music];
    await setProfile(bram.page, url, { city: 'Giethoorn', interests: [travel, cooking] });
    const anna = await memberInNewBrowser(browser, url, { prefix: 'anna', gender: 'female' });
    await setProfile(anna.page, url, { city: 'giethoorn', interests: [travel, cooking, music] });
    const page = anna.page;
    await page.setViewportSize(screen.viewport);

    // The way in is on the members search.
    await page.goto('/members');
    await page.getByRole('link', { name: 'Find my best matches' }).click();
    await expect(page).toHaveURL(/\/match-finder$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Match-finder' })).toBeVisible();

    // Prefilled from her profile: men, her interests.
    await expect(page.getByRole('radio', { name: 'Men', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Music' })).toBeChecked();
    await page.getByRole('radio', { name: '10 km' }).check();
    await page.getByRole('button', { name: 'Show my matches' }).click();
    await expect(page.getByRole('heading', { name: 'Your best matches' })).toBeFocused();

    const results = page.getByRole('list', { name: 'Your best matches' });
    const card = results.getByRole('listitem').filter({ hasText: bram.name }).first();
    const reasons = card.getByRole('list', { name: `Why ${bram.name} fits you` });
    await expect(reasons).toContainText('2 shared interests');
    await expect(reasons).toContainText('Under 1 km away');
    await expect(reasons).toContainText('Online now');
    await expect(page.getByRole('status').filter({ hasText: /fits? best/ })).toBeVisible();

    const heart = card.getByRole('button', { name: `Like ${bram.name}` });
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    const likes = await page.request.get('/api/likes.php');
    expect(((await likes.json()) as { profiles: { id: number }[] }).profiles).toContainEqual(
      expect.objectContaining({ id: bram.id }),
    );
  });

  test(`signup ends on the signup matches, liked in one tap, then on to the search, on ${screen.name}`, async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    const url = baseURL ?? '';
    // A man a woman born in 1990 would fit (born 1988, same country, online).
    const bram = await memberInNewBrowser(browser, url, { prefix: 'bram', gender: 'male' });
    const context = await browser.newContext({ baseURL: url, viewport: screen.viewport });
    await context.addCookies([
      { name: 'site_entry_accepted', value: '1', url: `http://localhost:${new URL(url).port}` },
    ]);
    const page = await context.newPage();

    await page.goto('/signup');
    await page.getByRole('button', { name: 'I am a woman' }).click();
    await page.getByRole('textbox', { name: 'Username' }).fill(`new_${uniqueTag()}`);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Day').selectOption('17');
    await page.getByLabel('Month').selectOption({ index: 5 });
    await page.getByLabel('Year').selectOption('1990');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(uniqueEmail('fresh'));
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

    await page.getByRole('link', { name: 'See who fits you' }).click();
    await expect(page).toHaveURL(/\/signup-matches$/);
    await expect(page.getByRole('heading', { level: 1, name: 'People who fit you' })).toBeVisible();
    const suggested = page.getByRole('list', { name: 'Suggested members' });
    const card = suggested.getByRole('listitem').filter({ hasText: bram.name }).first();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: `Like ${bram.name}` }).click();
    await expect(card.getByRole('button', { name: `Like ${bram.name}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('status').filter({ hasText: 'You liked 1 member.' })).toBeVisible();

    await page.getByRole('link', { name: 'Continue to search' }).click();
    await expect(page).toHaveURL(/\/members$/);
    await context.close();
  });
}
