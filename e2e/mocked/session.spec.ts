import { expect, test } from '../fixtures';

const scenario = (name: string) => `window.localStorage.setItem('msw-scenario', '${name}')`;

// The application's pages (the visitor home is drawn on the server, without the application).
test('a member whose session has expired is logged out silently', async ({ page }) => {
  await page.addInitScript(scenario('session-expired'));
  const logout = page.waitForRequest((r) => r.url().endsWith('/api/logout.php'));
  await page.goto('/pages/faq');
  await logout;
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(nav.getByRole('link', { name: /Messages/ })).toHaveCount(0);
  await expect(page.locator('.alert')).toHaveCount(0);
});

test('a logged-in member sees the member menu', async ({ page }) => {
  await page.addInitScript(scenario('member'));
  await page.goto('/pages/faq');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Search members' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
});

test('failed calls are retried until the API answers', async ({ page }) => {
  await page.addInitScript(scenario('flaky'));
  const attempts: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/companyinfo.php')) attempts.push(r.url());
  });
  await page.goto('/pages/faq');
  await expect(page.getByTestId('company-info')).toContainText('QA Test Company B.V.');
  expect(attempts).toHaveLength(3);
});
