import type { Browser, Page } from '@playwright/test';
import { waitForHydration } from '../fixtures';
import { expect, test } from './fixtures';
import { memberInNewBrowser } from './member-accounts';
import { logInOperator } from './operators';

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** An operator of a role, logged in to the console in a browser of their own. */
async function operatorInNewBrowser(browser: Browser, baseURL: string, role: 'support' | 'admin') {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await logInOperator(page, baseURL, role);
  return page;
}

test('customer service finds a member and corrects their credits; the member sees it in their history', async ({
  browser,
  baseURL,
}) => {
  const url = baseURL ?? '';
  const member = await memberInNewBrowser(browser, url, { prefix: 'support' });
  const support = await operatorInNewBrowser(browser, url, 'support');

  await open(support, '/operator/members');
  await support.getByRole('searchbox', { name: 'E-mail address, name or id' }).fill(member.email);
  await support.getByRole('button', { name: 'Search' }).click();
  const results = support.getByRole('table', { name: 'Members found' });
  await results.getByRole('link', { name: member.name }).click();
  await expect(support.getByRole('heading', { level: 1, name: new RegExp(member.name) })).toBeVisible();

  // The button waits for a reason: a correction without one is not possible.
  await support.getByRole('spinbutton', { name: 'Credits to add (negative to take away)' }).fill('25');
  const book = support.getByRole('button', { name: 'Book the correction' });
  await expect(book).toBeDisabled();
  await support
    .getByRole('textbox', { name: 'Reason (for customer service, required)' })
    .fill('Messages lost during the outage');
  await book.click();
  await expect(
    support.getByRole('status').filter({ hasText: /^Booked\. The member now has \d+ credits\.$/ }),
  ).toBeVisible();
  const ledger = support.getByRole('table', { name: 'Credit ledger' });
  await expect(ledger.getByRole('row').nth(1)).toContainText('Correction by customer service');
  await expect(ledger.getByRole('row').nth(1)).toContainText('+25');
  await expect(ledger.getByRole('row').nth(1)).toContainText('Messages lost during the outage');

  await open(member.page, '/transactions');
  const history = member.page.getByRole('list', { name: 'Your credit history' });
  const newest = history.getByRole('listitem').first();
  await expect(newest).toContainText('Correction by customer service');
  await expect(newest).toContainText('+25');
  // The operator's note stays with customer service.
  await expect(member.page.getByText('Messages lost during the outage')).toHaveCount(0);
});

test('an administrator changes a site setting and the member site shows it', async ({ browser, baseURL }) => {
  const url = baseURL ?? '';
  const admin = await operatorInNewBrowser(browser, url, 'admin');
  const member = await memberInNewBrowser(browser, url, { prefix: 'sites' });

  await open(admin, '/operator/sites');
  const settings = admin.getByRole('form', { name: /^Settings of / });
  const days = settings.getByRole('spinbutton', { name: 'Refund days' });
  const original = await days.inputValue();
  try {
    await days.fill('31');
    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(
      settings.getByRole('status').filter({ hasText: 'Saved. The member site shows it now.' }),
    ).toBeVisible();

    await open(member.page, '/pricing');
    await expect(member.page.getByText('31 day free returns').first()).toBeVisible();
  } finally {
    // Other flows read the same site: its setting goes back as it was.
    const sites = await admin.request.get(`${url}/api/operator/sites.php`);
    const { sites: list } = (await sites.json()) as { sites: { id: number; domain: string }[] };
    const site = list.find((s) => s.domain === 'default');
    const restored = await admin.request.put(`${url}/api/operator/site.php`, {
      data: { site: site?.id, changes: { refund_days: Number(original) } },
      headers: { origin: url },
    });
    expect(restored.status()).toBe(200);
  }
});
