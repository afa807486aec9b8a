import { waitForHydration } from '../fixtures';
import { expect, test } from './fixtures';

const GERMAN_TITLE = 'Lovelane – flirten und chatten mit Singles in deiner Nähe';

test('an explicit language choice is stored for a year and survives a reload and a new context', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('link', { name: 'More languages…' }).click();
  await expect(page).toHaveURL(/\/lang-config$/);
  // The home is a page of its own: the language page is loaded anew, and answers once it runs.
  await waitForHydration(page);
  await page.getByRole('radio', { name: 'Deutsch' }).check();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sprache');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(page.url()).not.toMatch(/\/de(\/|$)/);

  const cookie = (await page.context().cookies()).find((c) => c.name === 'i18n_redirected');
  expect(cookie?.value).toBe('de');
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(GERMAN_TITLE);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(GERMAN_TITLE);

  const state = await page.context().storageState();
  const other = await browser.newContext({ storageState: state, locale: 'en-US', baseURL });
  const second = await other.newPage();
  await second.goto('/');
  await waitForHydration(second);
  await expect(second.getByRole('heading', { level: 1 })).toHaveText(GERMAN_TITLE);
  await other.close();
});

test('the dropdown switches language in place', async ({ page }) => {
  await page.goto('/pages/faq');
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('button', { name: 'Nederlands' }).click();
  await expect(page.getByRole('button', { name: 'Taal: Nederlands' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Juridisch en hulp' })).toBeVisible();
  await expect(page).toHaveURL(/\/pages\/faq$/);
});

test.describe('browser language', () => {
  test.use({ locale: 'fr-FR' });

  test('is used when no language was chosen', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Lovelane – flirtez et discutez avec des célibataires près de chez vous',
    );
    expect((await page.context().cookies()).find((c) => c.name === 'i18n_redirected')).toBeUndefined();
  });
});

test.describe('domain language', () => {
  test.use({ locale: 'en-GB' });

  test('sets and stores the site language when there is no cookie', async ({ page, baseURL }) => {
    const host = (baseURL ?? '').replace('localhost', '127.0.0.1');
    await page.goto(`${host}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByRole('link', { name: 'Lovelane NL' })).toBeVisible();
    const cookie = (await page.context().cookies(host)).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('nl');
  });

  test('gives way to a language the visitor chose', async ({ page, baseURL }) => {
    const host = (baseURL ?? '').replace('localhost', '127.0.0.1');
    await page.context().addCookies([{ name: 'i18n_redirected', value: 'sv', url: host }]);
    await page.goto(`${host}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  });
});
