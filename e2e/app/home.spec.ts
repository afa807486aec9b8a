import { expect, test } from './fixtures';

test('the home page presents the product, credits and the fictional-profile disclosure', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Lovelane – flirt and chat with singles near you');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Lovelane – flirt and chat with singles near you',
  );
  await expect(page.getByRole('link', { name: 'Sign up for free', exact: true })).toHaveAttribute(
    'href',
    '/signup',
  );
  await expect(page.getByRole('heading', { name: 'How credits work' })).toBeVisible();
  await expect(page.getByText('10 credits per message')).toBeVisible();
  await expect(page.getByText('46% higher chance to match')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'About fictional profiles' })).toBeVisible();
  await expect(page.getByTestId('disclaimer')).toContainText('Some profiles on this website are fictional');
  await expect(page.getByTestId('company-info')).toContainText('Lovelane Media B.V.');
  await expect(page.getByTestId('company-info')).toContainText('+31208084421');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  // The people shown can be liked: a visitor's heart leads to signup.
  const hearts = page.getByRole('link', { name: /^Like / });
  expect(await hearts.count()).toBeGreaterThan(0);
  await expect(hearts.first()).toHaveAttribute('href', '/signup');
  expect(errors).toEqual([]);
});

test('keyboard users can skip to the content and reach the language menu', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
  const language = page.getByRole('button', { name: 'Language: English' });
  await language.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Nederlands' })).toBeVisible();
});

test('a page opened with lb sends the page-hidden beacon when it is left', async ({ page }) => {
  await page.goto('/?lb=1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const beacon = page.waitForResponse((r) => r.url().endsWith('/api/page-hidden.php'));
  // The visitor switches to another tab: the page becomes hidden.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const response = await beacon;
  expect(response.request().method()).toBe('POST');
  expect(response.status()).toBe(204);
});

test('a page opened without lb sends no beacon', async ({ page }) => {
  const beacons: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('page-hidden.php')) beacons.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.goto('/pages/faq');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(beacons).toEqual([]);
});

test('on a desktop the signup opens in a dialog over the home, its steps loaded when it opens', async ({
  page,
}) => {
  const steps: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/signup/embedded')) steps.push(r.url());
  });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  expect(steps).toEqual([]);
  await page.getByRole('link', { name: 'Sign up for free', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign up for free' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(dialog.frameLocator('iframe').getByRole('button', { name: 'I am a woman' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('the home is drawn on the server: no framework is loaded, and it works without scripts', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Singles in the Netherlands right now' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up for free', exact: true })).toHaveAttribute(
    'href',
    '/signup',
  );
  expect(scripts).toEqual([]);
  await context.close();
});
