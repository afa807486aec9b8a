import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { confirmedMember } from './member-accounts';
import { seriousViolations } from './axe';

/** Stops the logged-in member's e-mail notifications, as a bounce or complaint would (development route). */
async function stopEmail(page: Page, baseURL: string, reason: 'bounce' | 'spam_complaint' | 'unsubscribe') {
  const res = await page.request.post(`${baseURL}/api/dev/email-stop.php`, {
    data: { reason },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(204);
}

test('a notification switch is saved at once and kept after a reload', async ({ page, baseURL }) => {
  await confirmedMember(page, baseURL ?? '', { prefix: 'notify' });
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const news = page.getByRole('switch', { name: 'News by e-mail' });
  await expect(news).toBeChecked();
  await news.click();
  await expect(news).not.toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('switch', { name: 'News by e-mail' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'New messages by e-mail' })).toBeChecked();
  const user = await page.request.get(`${baseURL}/api/user.php`);
  expect(
    ((await user.json()) as { user: { notifications_disabled: string[] } }).user.notifications_disabled,
  ).toEqual(['email:news']);
});

test('after e-mail notifications stopped, the member is told why and turns them back on', async ({
  page,
  baseURL,
}) => {
  // Signup, confirmation and five page loads.
  test.slow();
  const url = baseURL ?? '';
  await confirmedMember(page, url, { prefix: 'notifystop' });
  await stopEmail(page, url, 'bounce');

  await page.goto('/members');
  const alert = page.getByRole('region', { name: 'E-mail notifications are turned off' });
  await expect(alert).toContainText('Our e-mails could not be delivered to your address');
  await alert.getByRole('link', { name: 'Turn them back on' }).click();

  await page.waitForURL('**/notifications');
  const notice = page.getByRole('region', { name: 'E-mail notifications are turned off' });
  await expect(notice).toBeVisible();
  // The notice says so at once; the reload waits until the server has it.
  const saved = page.waitForResponse(
    (res) => res.url().endsWith('/api/notifications.php') && res.request().method() === 'PUT',
  );
  await notice.getByRole('button', { name: 'Turn e-mail notifications back on' }).click();
  await expect(page.getByText('E-mail notifications are on again.')).toBeVisible();
  expect((await saved).status()).toBe(200);

  await page.reload();
  await expect(page.getByRole('switch', { name: 'News by e-mail' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'E-mail notifications are turned off' })).toHaveCount(0);
  await page.goto('/members');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'E-mail notifications are turned off' })).toHaveCount(0);
});

test('the alert that e-mail notifications stopped stays away once dismissed', async ({ page, baseURL }) => {
  const url = baseURL ?? '';
  await confirmedMember(page, url, { prefix: 'notifyhide' });
  await stopEmail(page, url, 'spam_complaint');
  await page.goto('/members');
  const alert = page.getByRole('region', { name: 'E-mail notifications are turned off' });
  await expect(alert).toContainText('reported as spam');
  await alert.getByRole('button', { name: 'Hide this message' }).click();
  await expect(alert).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'E-mail notifications are turned off' })).toHaveCount(0);
});

test('the notifications page fits a phone, and is reached from the account menu', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { name } = await confirmedMember(page, baseURL ?? '', { prefix: 'notifyphone' });
  await page.goto('/settings');
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('link', { name: 'Notifications' }).click();
  await page.waitForURL('**/notifications');
  const offers = page.getByRole('switch', { name: 'Offers by e-mail' });
  await expect(offers).toBeVisible();
  // Nothing sticks out sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const box = await offers.locator('xpath=..').boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
});

for (const theme of ['light', 'dark'] as const) {
  test(`the notifications page passes axe in the ${theme} theme`, async ({ page, baseURL }) => {
    test.skip(Boolean(process.env.E2E_DATABASE_URL), 'the markup does not depend on the database');
    const url = baseURL ?? '';
    await confirmedMember(page, url, { prefix: 'notifyaxe' });
    await stopEmail(page, url, 'unsubscribe');
    await page.emulateMedia({ colorScheme: theme });
    await page.context().addCookies([{ name: 'theme', value: theme, url }]);
    await page.goto('/notifications');
    await expect(page.getByRole('region', { name: 'E-mail notifications are turned off' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Reminders by push notification' })).toBeVisible();
    const serious = await seriousViolations(page);
    expect(serious).toEqual([]);
  });
}
