import { expect, test } from '../fixtures';

test('the notifications page works against the mocked API', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('msw-scenario', 'member'));
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  const offers = page.getByRole('switch', { name: 'Offers by e-mail' });
  await expect(offers).toBeChecked();
  const saved = page.waitForRequest(
    (r) => r.url().endsWith('/api/notifications.php') && r.method() === 'PUT',
  );
  await offers.click();
  expect((await saved).postDataJSON()).toEqual({ notifications_disabled: ['email:promotions'] });
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await expect(offers).not.toBeChecked();
});
