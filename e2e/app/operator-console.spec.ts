import { generate } from 'otplib';
import { expect, test } from './fixtures';
import { signUpMember } from './member-accounts';
import { createOperator, logInOperator } from './operators';

test('an operator logs in with password and authenticator app, sees today’s figures and the audit log', async ({
  page,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const operator = await createOperator(page.request, base, 'admin', 'Ada Console');
  // A call nobody logged in to is refused, and counted rather than listed (see below).
  expect((await page.request.get(`${base}/api/operator/dashboard.php`)).status()).toBe(403);
  await page.goto('/operator');
  await expect(page).toHaveTitle(/Console/);
  await page.getByLabel('E-mail address').fill(operator.email);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Log in' }).click();

  // First login: the authenticator app is set up with the key the page shows.
  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const key = page.getByLabel('Key for the authenticator app');
  await expect(key).toHaveText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  const secret = ((await key.textContent()) ?? '').replace(/\s/g, '');
  const codeField = page.getByLabel('Code the app now shows');
  await codeField.fill('000000');
  await codeField.press('Enter');
  await expect(page.getByText('That code is not right.')).toBeVisible();
  await codeField.fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Confirm and open the console' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(page.getByText('Signups')).toBeVisible();
  await expect(page.getByText('Chats with fictional profiles', { exact: true })).toBeVisible();

  // The shortcut help opens with ? and closes with Escape.
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // Every request is on record: the login, the wrong code and the right one.
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  // Other flows log in at the same time: the log is narrowed to this operator.
  await page.getByLabel('Operator id').fill(String(operator.id));
  await page.getByRole('button', { name: 'Apply' }).click();
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: 'operator.second_factor' })).toHaveCount(1);
  await expect(
    rows.filter({ hasText: 'POST /api/operator/second-factor.php' }).filter({ hasText: '422' }),
  ).toHaveCount(1);
  await expect(rows.filter({ hasText: 'operator.log_in' })).toContainText('Ada Console');
  // Refused calls only: the wrong code stays, the login goes.
  await page.getByLabel('Outcome').selectOption({ label: 'Refused' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(rows.filter({ hasText: 'POST /api/operator/second-factor.php' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'operator.log_in' })).toHaveCount(0);
  // Calls nobody logged in to are summed up above the log, not listed in it.
  await page.getByLabel('Operator id').fill('');
  await page.getByLabel('Route or action').fill('dashboard.php');
  await page.getByRole('button', { name: 'Apply' }).click();
  const refusals = page.getByRole('region', { name: 'Calls without a login' });
  await expect(refusals).toContainText(/\d+ refused calls? from \d+ address(es)?/);
  await refusals.getByText('Most recent counts').click();
  await expect(
    refusals.getByRole('row').filter({ hasText: 'GET /api/operator/dashboard.php' }).first(),
  ).toContainText('403');
  await expect(rows.filter({ hasText: 'not logged in' })).toHaveCount(0);

  // The console speaks Dutch when the operator asks, on every page after.
  await page.getByLabel('Language').selectOption('nl');
  await expect(page.getByRole('heading', { level: 1, name: 'Auditlog' })).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vandaag' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');

  await page.getByRole('button', { name: 'Uitloggen' }).click();
  await expect(page.getByRole('heading', { name: 'Inloggen op de console' })).toBeVisible();
});

test('a member’s session opens nothing in the console, and a moderator sees no audit log', async ({
  page,
  baseURL,
}) => {
  const base = baseURL ?? '';
  await signUpMember(page.request, base, { prefix: 'console-member' });
  await page.goto('/operator');
  await expect(page.getByRole('heading', { name: 'Log in to the console' })).toBeVisible();
  expect((await page.request.get(`${base}/api/operator/dashboard.php`)).status()).toBe(403);

  await logInOperator(page, base, 'moderator');
  await page.goto('/operator');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  expect((await page.request.get(`${base}/api/operator/audit.php`)).status()).toBe(403);
  await page.goto('/operator/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
});
