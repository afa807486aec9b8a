import type { Page } from '@playwright/test';
import { waitForHydration } from '../fixtures';
import { expect, test } from './fixtures';
import { confirmedMember, memberInNewBrowser } from './member-accounts';
import { seriousViolations } from './axe';

// The pages' markup does not depend on the database: checked once, on the embedded one.
test.skip(Boolean(process.env.E2E_DATABASE_URL), 'runs with the embedded database');

async function useTheme(page: Page, baseURL: string, theme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: theme });
  await page.context().addCookies([{ name: 'theme', value: theme, url: baseURL }]);
}

for (const theme of ['light', 'dark'] as const) {
  test(`every visitor page passes axe in the ${theme} theme`, async ({ page, browser, baseURL }) => {
    test.slow();
    const url = baseURL ?? '';
    const other = await memberInNewBrowser(browser, url, { prefix: 'axe' });
    await other.page.context().close();
    await useTheme(page, url, theme);
    for (const path of [
      '/',
      '/login',
      '/signup',
      '/reset-password',
      '/pages/faq',
      '/complaints',
      '/lang-config',
      '/members',
      `/members/${other.id}`,
      '/pricing',
      '/premium',
      '/no-such-page',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(await seriousViolations(page), `${path} (${theme})`).toEqual([]);
    }
  });

  // Two groups, each within its own time limit.
  const memberPages = (otherId: number) =>
    [
      [
        'the account',
        ['/members', `/members/${otherId}`, '/profile', '/settings', '/settings/delete', '/complaints'],
      ],
      [
        'likes',
        ['/likes', '/likes/sent', '/likes/matches', '/swipe-game', '/match-finder', '/signup-matches'],
      ],
    ] as const;
  for (const group of [0, 1] as const) {
    test(`every member page of ${memberPages(0)[group][0]} passes axe in the ${theme} theme`, async ({
      page,
      browser,
      baseURL,
    }) => {
      test.slow();
      const url = baseURL ?? '';
      const other = await memberInNewBrowser(browser, url, { prefix: 'axe' });
      await other.page.context().close();
      await confirmedMember(page, url);
      await useTheme(page, url, theme);
      for (const path of memberPages(other.id)[group][1]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        expect(await seriousViolations(page), `${path} (${theme})`).toEqual([]);
      }
    });
  }

  test(`the money screens pass axe in the ${theme} theme`, async ({ page, baseURL }) => {
    test.slow();
    const url = baseURL ?? '';
    await confirmedMember(page, url, { prefix: 'axepay' });
    await useTheme(page, url, theme);
    const started = await page.request.post(`${url}/api/payment.php`, {
      data: { bundle: 1, method: 'ideal', country: 'NL' },
      headers: { origin: url },
    });
    expect(started.status()).toBe(201);
    const { payment } = (await started.json()) as { payment: { id: number; checkout_url: string } };
    const sandbox = new URL(payment.checkout_url).pathname;
    const check = async (path: string, ready: string) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByText(ready).first()).toBeVisible();
      expect(await seriousViolations(page), `${path} (${theme})`).toEqual([]);
    };
    await check('/credits', 'Best value');
    // A new member's checkout opens with the time bonus applied.
    await check('/credits/3/ideal', 'Code TIMEBONUS25: 25% off');
    await check('/credits/repeat-order', 'You have no stored payment method yet.');
    await check('/premium', '46% higher chance to match');
    await check('/pricing', 'Sending a message');
    await check(`/transactions/${payment.id}`, 'Waiting for your payment to be confirmed…');
    await check(sandbox, 'Result of the payment');
    await page.getByRole('button', { name: 'Paid', exact: true }).click();
    await page.waitForURL(`**/transactions/${payment.id}`);
    await expect(page.getByText('Payment received')).toBeVisible({ timeout: 25_000 });
    expect(await seriousViolations(page), `a paid payment with its receipt (${theme})`).toEqual([]);
    await check('/transactions', 'Your purchases');
  });

  test(`the chat list and a conversation with its dialogs pass axe in the ${theme} theme`, async ({
    browser,
    baseURL,
  }) => {
    test.slow();
    // Members of this site get credits on confirming their address (scripts/e2e-server.mjs).
    const url = `http://127.0.0.4:${new URL(baseURL ?? '').port}`;
    const other = await memberInNewBrowser(browser, url, {
      prefix: 'axechatb',
      gender: 'male',
      country: 'FI',
    });
    await other.page.context().close();
    const { page } = await memberInNewBrowser(browser, url, { prefix: 'axechat', country: 'FI' });
    await useTheme(page, url, theme);
    const check = async (what: string) =>
      expect(await seriousViolations(page), `${what} (${theme})`).toEqual([]);

    await page.goto('/chats');
    await expect(page.getByText('No conversations yet')).toBeVisible();
    await check('/chats, empty');

    // The empty conversation offers the icebreakers by itself.
    await page.goto(`/members/${other.id}/chat`);
    await waitForHydration(page);
    const icebreakers = page.getByRole('dialog', { name: 'Break the ice' });
    await expect(icebreakers.getByRole('listitem').first().getByRole('button')).toBeVisible();
    await check('a conversation with the icebreakers');
    await icebreakers.getByRole('button', { name: 'Close' }).click();
    await expect(icebreakers).toHaveCount(0);

    const box = page.getByRole('textbox', { name: `Message to ${other.name}` });
    await box.fill('Hello there');
    await box.press('Enter');
    // Exactly the message: the chat list beside it previews it as "You: Hello there".
    await expect(page.getByText('Hello there', { exact: true })).toBeVisible();
    await expect(page.getByText('Sending…')).toHaveCount(0);
    await check('a conversation with the composer');

    await page.getByRole('button', { name: 'Send a gift', exact: true }).click();
    const gifts = page.getByRole('dialog', { name: 'Send a gift' });
    await expect(gifts.getByRole('listitem').first().getByRole('button')).toBeVisible();
    await check('a conversation with the gift picker');
    await gifts.getByRole('button', { name: 'Close' }).click();
    await expect(gifts).toHaveCount(0);

    await page.goto('/chats');
    await expect(page.getByRole('listitem').filter({ hasText: other.name })).toBeVisible();
    await check('/chats with a conversation');
    await page.context().close();
  });
}
