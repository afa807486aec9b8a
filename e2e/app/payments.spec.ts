import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { waitForHydration } from '../fixtures';
import { expect, test } from './fixtures';
import { memberInNewBrowser } from './member-accounts';

/** The country of these flows' members: few other flows sign members up there. */
const QUIET = 'IE';

/** What the bundles cost a new member, with the time bonus's 25% (spec §9). */
const WITH_BONUS = { 100: 'Pay €18.71', 250: 'Pay €41.21' } as const;

/** The provider settles through its webhook (a background job): the page sees it within seconds. */
const SETTLES = { timeout: 25_000 };

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** The member's balance and premium state as the API reports them. */
async function member(request: APIRequestContext, baseURL: string) {
  const res = await request.get(`${baseURL}/api/user.php`, { headers: { 'X-Request-Type': 'client' } });
  return ((await res.json()) as { user: { credits: number; paid_user: boolean } }).user;
}

/** From the credits page to the provider's checkout: a bundle, a method, Pay. */
async function checkout(page: Page, options: { credits?: number; method?: string; code?: string } = {}) {
  await open(page, '/credits');
  // By keyboard: the push suggestion may appear above the bundles at any moment and move them
  // under a pointer.
  await page.getByRole('link', { name: `Choose ${options.credits ?? 100} credits` }).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const methods = page.getByRole('group', { name: 'Payment method' });
  await methods.locator('label', { hasText: options.method ?? 'iDEAL' }).click();
  await expect(methods.getByRole('radio', { name: options.method ?? 'iDEAL' })).toBeChecked();
  // A member under 4 hours old has the time bonus, and checkout applies it by itself.
  await expect(page.getByText('Code TIMEBONUS25: 25% off')).toBeVisible();
  if (options.code) {
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('textbox', { name: 'Discount code' }).fill(options.code);
    await page.getByRole('button', { name: 'Apply' }).click();
  }
}

/** On the test payment service's page: pick what the payment becomes, and come back. */
async function settle(page: Page, outcome: 'Paid' | 'Failed' | 'Cancelled' | 'Pending' | 'Expired') {
  await page.waitForURL(/\/sandbox\/checkout\/tr_sbx_/);
  await expect(page.getByText('Test payment service', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: outcome, exact: true }).click();
  await page.waitForURL(/\/transactions\/\d+$/);
}

/** A new member who pays; `welcome` is what they have before: the site's welcome credits. */
async function payer(browser: Browser, baseURL: string, prefix: string) {
  const account = await memberInNewBrowser(browser, baseURL, { prefix, country: QUIET });
  return { ...account, welcome: (await member(account.page.request, baseURL)).credits };
}

test('a paid bundle brings the credits and premium at once', async ({ browser, baseURL }) => {
  test.slow();
  const url = baseURL ?? '';
  const { page, welcome } = await payer(browser, url, 'paid');
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/members');
  await expect(page.getByRole('link', { name: 'Get Premium' })).toBeVisible();

  await checkout(page);
  await page.getByRole('button', { name: WITH_BONUS[100] }).click();
  await settle(page, 'Paid');

  const status = page
    .getByRole('status')
    .filter({ hasText: /payment/i })
    .first();
  await expect(page.getByText('Payment received')).toBeVisible(SETTLES);
  await expect(page.getByText('100 credits have been added to your account.')).toBeVisible();
  await expect(page.getByText('Welcome to Premium!')).toBeVisible();
  await expect(status).toBeVisible();
  // Premium shows at once: the navigation offers the credits instead of Get Premium.
  await expect(page.getByRole('link', { name: 'Get Premium' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Credits/ })).toBeVisible();
  expect(await member(page.request, url)).toMatchObject({ credits: welcome + 100, paid_user: true });

  // The receipt, and the purchase in the list.
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await open(page, '/transactions');
  await expect(page.getByRole('link', { name: /100 credits.*€18\.71.*Paid/ })).toBeVisible();
  await page.context().close();
});

for (const [outcome, label] of [
  ['Failed', 'failed'],
  ['Cancelled', 'cancelled'],
] as const) {
  test(`a ${label} payment says so, grants nothing and offers a retry`, async ({ browser, baseURL }) => {
    test.slow();
    const url = baseURL ?? '';
    const { page, welcome } = await payer(browser, url, `pay${label.slice(0, 4)}`);
    await checkout(page, { credits: 250, method: 'Credit card' });
    await page.getByRole('button', { name: WITH_BONUS[250] }).click();
    await settle(page, outcome);

    await expect(page.getByText('Payment failed or has been cancelled.')).toBeVisible(SETTLES);
    expect(await member(page.request, url)).toMatchObject({ credits: welcome, paid_user: false });
    await page.getByRole('link', { name: 'Try again' }).click();
    await expect(page).toHaveURL(/\/credits\/\d+\/creditcard/);
    await expect(page.getByRole('radio', { name: 'Credit card' })).toBeChecked();
    await expect(page.getByRole('button', { name: WITH_BONUS[250] })).toBeEnabled();
    await page.context().close();
  });
}

test('a pending payment waits, and completes when it is paid later', async ({ browser, baseURL }) => {
  test.slow();
  const url = baseURL ?? '';
  const { page, welcome } = await payer(browser, url, 'paypend');
  await checkout(page);
  await page.getByRole('button', { name: WITH_BONUS[100] }).click();
  await settle(page, 'Pending');

  await expect(page.getByText('Waiting for your payment to be confirmed…')).toBeVisible(SETTLES);
  expect((await member(page.request, url)).credits).toBe(welcome);
  await page.getByRole('link', { name: 'Complete the payment' }).click();
  await settle(page, 'Paid');
  await expect(page.getByText('Payment received')).toBeVisible(SETTLES);
  expect(await member(page.request, url)).toMatchObject({ credits: welcome + 100, paid_user: true });
  await page.context().close();
});

test('a discount code lowers the price paid and shows on the receipt', async ({ browser, baseURL }) => {
  test.slow();
  const url = baseURL ?? '';
  const { page } = await payer(browser, url, 'paycode');
  await checkout(page, { code: 'LOVELANE10' });
  await expect(page.getByText('Code LOVELANE10: 10% off')).toBeVisible();
  await page.getByRole('button', { name: 'Pay €22.46' }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await expect(page.locator('.sandbox-amount')).toHaveText('€22.46');
  await settle(page, 'Paid');
  await expect(page.getByText('Payment received')).toBeVisible(SETTLES);
  await expect(page.getByText('Discount LOVELANE10 (10%)')).toBeVisible();
  await expect(page.getByText('€22.46').first()).toBeVisible();
  await page.context().close();
});

test('a new member gets the time bonus at checkout; without it the full price; a wrong code is refused', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const url = baseURL ?? '';
  const { page } = await payer(browser, url, 'paytb');
  await checkout(page);
  await expect(page.getByRole('button', { name: WITH_BONUS[100] })).toBeEnabled();
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('button', { name: 'Pay €24.95' })).toBeEnabled();
  await page.getByRole('textbox', { name: 'Discount code' }).fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('This discount code was not found.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Discount code' }).fill('TIMEBONUS25');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Code TIMEBONUS25: 25% off')).toBeVisible();
  await expect(page.getByRole('button', { name: WITH_BONUS[100] })).toBeEnabled();
  await page.context().close();
});

test('the time bonus is on one unfinished payment at a time: checkout says so, and it comes back when that payment is cancelled', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const url = baseURL ?? '';
  const { page } = await payer(browser, url, 'payheld');
  await checkout(page);
  await page.getByRole('button', { name: WITH_BONUS[100] }).click();
  await page.waitForURL(/\/sandbox\/checkout\/tr_sbx_/);
  const unfinished = page.url();

  // Back at checkout without finishing: the code is not applied again, and the form says why.
  await open(page, '/credits');
  await page.getByRole('link', { name: 'Choose 100 credits' }).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await page.getByRole('group', { name: 'Payment method' }).locator('label', { hasText: 'iDEAL' }).click();
  await expect(
    page.getByText('This code is already on a payment you have not finished.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('Code TIMEBONUS25: 25% off')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay €24.95' })).toBeEnabled();

  // That payment cancelled, the time bonus applies again.
  await page.goto(unfinished);
  await settle(page, 'Cancelled');
  await expect(page.getByText('Payment failed or has been cancelled.')).toBeVisible(SETTLES);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByText('Code TIMEBONUS25: 25% off')).toBeVisible();
  await expect(page.getByRole('button', { name: WITH_BONUS[100] })).toBeEnabled();
  await page.context().close();
});

test('a repeat order buys again on the stored card in one step', async ({ browser, baseURL }) => {
  test.slow();
  const url = baseURL ?? '';
  const { page, welcome } = await payer(browser, url, 'payrep');
  await checkout(page, { method: 'Credit card' });
  await page.getByRole('button', { name: WITH_BONUS[100] }).click();
  await settle(page, 'Paid');
  await expect(page.getByText('Payment received')).toBeVisible(SETTLES);

  await open(page, '/credits');
  await page.getByRole('link', { name: /Buy again in one step/ }).click();
  await expect(page.getByText(/^Paid with /)).toBeVisible();
  await page.getByRole('button', { name: 'Buy 100 credits for €24.95' }).click();
  // The test payment service asks its payer for the bank's answer to the charge on the stored card.
  await page.waitForURL(/\/sandbox\/checkout\/tr_sbx_/);
  await expect(page.getByText('Visa •••• 4242')).toBeVisible();
  await settle(page, 'Paid');
  await expect(page.getByText('100 credits have been added to your account.')).toBeVisible(SETTLES);
  expect((await member(page.request, url)).credits).toBe(welcome + 200);
  await page.context().close();
});

test('a declined stored card offers a retry or PayPal', async ({ browser, baseURL }) => {
  test.slow();
  const url = baseURL ?? '';
  const { page, welcome } = await payer(browser, url, 'paydecl');
  await checkout(page, { method: 'Credit card' });
  await page.getByRole('button', { name: WITH_BONUS[100] }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByRole('checkbox', { name: 'Decline later repeat payments on this card' }).check();
  await settle(page, 'Paid');
  await expect(page.getByText('Payment received')).toBeVisible(SETTLES);

  await open(page, '/credits/repeat-order');
  await page.getByRole('button', { name: 'Buy 100 credits for €24.95' }).click();
  await expect(page.getByText('Your stored card was declined.')).toBeVisible(SETTLES);
  await expect(page.getByRole('button', { name: 'Try the card again' })).toBeVisible();
  await page.getByRole('link', { name: 'Pay with PayPal' }).click();
  await expect(page.getByRole('radio', { name: 'PayPal' })).toBeChecked();
  expect((await member(page.request, url)).credits).toBe(welcome + 100);
  await page.context().close();
});

test('the credits badge turns amber at 10 credits and red at 0', async ({ browser, baseURL }) => {
  test.slow();
  const url = baseURL ?? '';
  const other = await memberInNewBrowser(browser, url, { prefix: 'paybadgeb', country: QUIET });
  await other.page.context().close();
  const { page, welcome } = await payer(browser, url, 'paybadge');
  await checkout(page);
  await page.getByRole('button', { name: WITH_BONUS[100] }).click();
  await settle(page, 'Paid');
  await expect(page.getByText('Payment received')).toBeVisible(SETTLES);
  const credits = page.getByRole('link', { name: /^Credits/ });
  await expect(credits.locator('.badge')).toHaveCount(0);

  // Each message costs 10 credits: the welcome credits and the 100 bought, less all but 10.
  const send = async (n: number) => {
    const res = await page.request.post(`${url}/api/chat.php`, {
      data: { kind: 'text', member: other.id, client_key: `badge-${Date.now()}-${n}`, text: `Hello ${n}` },
      headers: { origin: url },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
  };
  const toTen = (welcome + 100 - 10) / 10;
  for (let n = 1; n <= toTen; n += 1) await send(n);
  await open(page, '/members');
  await expect(credits).toHaveAccessibleName(/10 credits left/);
  await expect(credits.locator('.badge [aria-hidden="true"]')).toHaveText('10');
  await expect(credits.locator('.badge')).toHaveClass(/text-bg-warning/);
  await send(toTen + 1);
  await open(page, '/members');
  await expect(credits).toHaveAccessibleName(/No credits left/);
  await expect(credits.locator('.badge [aria-hidden="true"]')).toHaveText('0');
  await expect(credits.locator('.badge')).toHaveClass(/text-bg-danger/);
  await page.context().close();
});

test('visitors see the pricing for their country, linked from the footer', async ({ page }) => {
  await open(page, '/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  await expect(page.getByText('Sending a message')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Credit bundles' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByText('Best value')).toBeVisible();
});
