import { expect, test } from './fixtures';
import { uniqueEmail, uniqueTag } from '../../tests/factories/unique';
import { memberInNewBrowser, PASSWORD } from './member-accounts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

test.describe('the lander layout and the gallery lander', () => {
  for (const [device, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test(`shows real members with the logo bar and footer, no top navigation, on a ${device}`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize(viewport);
      const response = await page.goto('/landers/gallery');
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Photos of singles in/);
      // The members are the site's own: every tile is a member the public search knows.
      const names = new Set<string>();
      for (let number = 1; number <= 50; number += 1) {
        const search = await request.get(`/api/members.php?country=NL&page=${number}`);
        const body = (await search.json()) as { page: { results: { name: string }[] }; hasMore: boolean };
        for (const member of body.page.results) names.add(member.name);
        if (!body.hasMore) break;
      }
      const tiles = page.locator('.lander-gallery-grid figure');
      expect(await tiles.count()).toBeGreaterThan(3);
      for (const text of await tiles.locator('.lander-tile-name').allInnerTexts())
        expect(names).toContain(text.split(',')[0]);
      await expect(page.getByText(/members? (is|are) online now|Active recently:/)).toBeVisible();
      await expect(page.getByText('Nobody is online')).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
      await expect(page.getByTestId('disclaimer')).toBeVisible();
      await expect(page.getByTestId('company-info')).toBeVisible();
    });
  }

  test('on a phone the signup link leads to the signup page', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/landers/gallery');
    await page.getByRole('link', { name: 'Sign up for free' }).first().click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('on a desktop the signup opens as a dialog over the lander', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/landers/gallery');
    await page.getByRole('link', { name: 'Sign up for free' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Sign up for free' });
    await expect(dialog).toBeVisible();
    const steps = dialog.frameLocator('iframe');
    await expect(steps.getByRole('heading', { name: 'Who are you?' })).toBeVisible();
    await expect(page).toHaveURL(/\/landers\/gallery$/);
    // Escape closes it before the first step is answered ...
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('link', { name: 'Sign up for free' }).first().click();
    await expect(steps.getByRole('heading', { name: 'Who are you?' })).toBeVisible();
    // ... but not once it is: what the visitor entered is not lost by a stray key.
    await steps.getByRole('button', { name: 'I am a man' }).click();
    await expect(steps.getByRole('heading', { name: 'Choose a username' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('on a site that admits only tracked visitors, the dialog signs up a visitor from a campaign', async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    // 127.0.0.3 is the demo's site with signups `with_trafficsource`.
    const host = (baseURL ?? '').replace('localhost', '127.0.0.3');
    const context = await browser.newContext({ viewport: DESKTOP });
    await context.addCookies([{ name: 'site_entry_accepted', value: '1', url: host }]);
    const plain = await context.newPage();
    await plain.goto(`${host}/landers/gallery`);
    await plain.getByRole('link', { name: 'Sign up for free' }).first().click();
    const closed = plain.getByRole('dialog', { name: 'Sign up for free' }).frameLocator('iframe');
    await expect(closed.getByRole('heading', { name: 'Signing up is by invitation only' })).toBeVisible();
    await plain.close();
    await context.clearCookies();
    await context.addCookies([{ name: 'site_entry_accepted', value: '1', url: host }]);

    const page = await context.newPage();
    await page.goto(`${host}/landers/gallery?network=adnet&sub1=spring`);
    await page.getByRole('link', { name: 'Sign up for free' }).first().click();
    const steps = page.getByRole('dialog', { name: 'Sign up for free' }).frameLocator('iframe');
    await steps.getByRole('button', { name: 'I am a woman' }).click();
    await steps.getByRole('textbox', { name: 'Username' }).fill(`camp_${uniqueTag()}`);
    await steps.getByRole('button', { name: 'Next' }).click();
    await steps.getByLabel('Day').selectOption('9');
    await steps.getByLabel('Month').selectOption({ index: 3 });
    await steps.getByLabel('Year').selectOption('1992');
    await steps.getByRole('button', { name: 'Next' }).click();
    await steps.getByRole('textbox', { name: 'E-mail address' }).fill(uniqueEmail('campaign'));
    await steps.getByRole('button', { name: 'Next' }).click();
    await steps.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await steps.getByRole('checkbox', { name: /I accept the/ }).check();
    await steps.getByRole('button', { name: 'Create my account' }).click();
    await expect(steps.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    // The way on leads the whole window to the new member's matches, logged in.
    await steps.getByRole('link', { name: 'See who fits you' }).click();
    await expect(page).toHaveURL(/\/signup-matches$/);
    const user = await page.request.get(`${host}/api/user.php`);
    expect(user.status()).toBe(200);
    await context.close();
  });

  test('the lander sends no framework script to the browser', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/landers/gallery');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    expect(scripts).toEqual([]);
  });

  test('a campaign variant renders: a town with members leads the page, an unknown one is ignored', async ({
    page,
  }) => {
    const response = await page.goto('/landers/gallery/no-such-campaign-42');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Photos of singles in the Netherlands');
    await page.goto('/landers/gallery/amsterdam');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Photos of singles in Amsterdam');
    await expect(page.locator('.lander-tile-place').first()).toHaveText('Amsterdam');
    // A region is found however the campaign spells it.
    await page.goto('/landers/gallery/noord-holland');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Photos of singles in Noord-Holland');
  });

  test('a path past the campaign variant, and an unknown lander, are the 404 page', async ({ page }) => {
    for (const path of ['/landers/gallery/one/two', '/landers/no-such-lander']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    }
  });

  test('the language menu offers the country’s languages and switches the lander', async ({ page }) => {
    await page.goto('/landers/gallery');
    await page.locator('.lander-language summary').click();
    const languages = page.getByRole('group', { name: 'Language' });
    // The demo site's visitors are in the Netherlands: Dutch and English.
    await expect(languages.getByRole('button')).toHaveText(['Nederlands', 'English']);
    await languages.getByRole('button', { name: 'Nederlands' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Foto’s van singles in/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  });

  test('a member who is logged in is offered the way to the members, not the signup', async ({
    browser,
    baseURL,
  }) => {
    const { page } = await memberInNewBrowser(browser, baseURL ?? '');
    await page.goto('/landers/gallery');
    await expect(page.getByRole('link', { name: 'To the members' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await page.context().close();
  });
});

test.describe('the entry warning on a lander', () => {
  test.use({ acceptEntryWarning: false });

  test('must be accepted once, does not close with Escape, and is remembered', async ({ page }) => {
    await page.goto('/landers/gallery');
    const dialog = page.getByRole('dialog', { name: 'Adult content' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Leave' })).toBeVisible();
    await dialog.getByRole('button', { name: 'I am 18 or older – enter' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
