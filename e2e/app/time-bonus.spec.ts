import type { Page, Request } from '@playwright/test';
import { waitForHydration } from '../fixtures';
import { expect, test } from './fixtures';
import { memberInNewBrowser } from './member-accounts';
import { seriousViolations } from './axe';

/** The page's calls still under way (the event stream stays open and is left out). */
function openCalls(page: Page): Set<Request> {
  const open = new Set<Request>();
  page.on('request', (request) => {
    if (!request.url().includes('/api/events.php')) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return open;
}

/**
 * Moves the page's clock on in steps of a few seconds, each once no call is under way: one long
 * jump would also run out the HTTP client's timeout of a call the server is still answering.
 */
async function advance(page: Page, open: Set<Request>, ms: number) {
  for (let left = ms; left > 0; left -= 5_000) {
    await expect.poll(() => open.size).toBe(0);
    await page.clock.runFor(Math.min(5_000, left));
  }
}

test('a new member with 0 credits sees the welcome banner count down and the time-bonus offer at 40 s', async ({
  browser,
  baseURL,
}) => {
  // A signup and a members page with its offers: more than one default timeout on a busy machine.
  test.slow();
  // Members of this site get no welcome credits (scripts/e2e-server.mjs).
  const { page } = await memberInNewBrowser(browser, `http://127.0.0.7:${new URL(baseURL ?? '').port}`, {
    prefix: 'bonus',
    country: 'NL',
    offers: true,
  });
  const open = openCalls(page);
  await page.clock.install();
  await page.goto('/members');
  await waitForHydration(page);

  const banner = page.getByTestId('welcome-banner');
  await expect(banner).toContainText('25% welcome discount');
  await expect(banner).toHaveAttribute('href', '/credits');
  const countdown = page.getByTestId('welcome-banner-countdown');
  await expect(countdown).toHaveText(/^03:5\d:\d\d$/);
  const before = (await countdown.textContent()) ?? '';
  await advance(page, open, 3_000);
  await expect(countdown).not.toHaveText(before);

  const offer = page.getByRole('dialog', { name: '25% welcome bonus' });
  await advance(page, open, 27_000);
  await expect(offer).toHaveCount(0);
  await advance(page, open, 10_000);
  await expect(offer).toBeVisible();
  await expect(offer).toContainText('Special offer');
  await expect(offer).toContainText('Act fast: only 4 hours left!');
  await expect(offer).toContainText('Your credits arrive instantly after payment.');
  await expect(offer.getByRole('link', { name: 'Unlock 25% off' })).toHaveAttribute('href', '/credits');
  await expect(offer.getByTestId('time-bonus-countdown')).toHaveText(/^Offer valid for 03:5\d:\d\d$/);
  expect(await seriousViolations(page)).toEqual([]);

  await offer.getByRole('button', { name: 'Close' }).click();
  await expect(offer).toHaveCount(0);
  expect(Number(await page.evaluate(() => window.localStorage.getItem('time-bonus-modal')))).toBeGreaterThan(
    0,
  );
  // Dismissed: it stays away on the next visit.
  await page.reload();
  await waitForHydration(page);
  await advance(page, open, 45_000);
  await expect(page.getByTestId('welcome-banner')).toBeVisible();
  await expect(offer).toHaveCount(0);
  await page.context().close();
});

test('a member with credits gets no time-bonus offer', async ({ browser, baseURL }) => {
  // Members of the default site get its welcome credits on confirming their address.
  const { page } = await memberInNewBrowser(browser, baseURL ?? '', {
    prefix: 'bonusc',
    country: 'NL',
    offers: true,
  });
  const open = openCalls(page);
  await page.clock.install();
  await page.goto('/members');
  await waitForHydration(page);
  await expect(page.getByTestId('welcome-banner')).toBeVisible();
  await advance(page, open, 45_000);
  await expect(page.getByRole('dialog', { name: '25% welcome bonus' })).toHaveCount(0);
  await page.context().close();
});
