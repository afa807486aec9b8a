import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PASSWORD, signUpMember } from './member-accounts';

/** Signs a new member up in the page's own browser context, so the page is logged in. */
async function loggedInMember(page: Page, baseURL: string) {
  const { email } = await signUpMember(page.request, baseURL, {
    prefix: 'settings',
    date_of_birth: '1987-04-12',
  });
  return { email };
}

async function mailTo(request: APIRequestContext, baseURL: string, to: string, kind: string) {
  let link = '';
  await expect
    .poll(async () => {
      const res = await request.get(`${baseURL}/api/dev/outbox.php?to=${encodeURIComponent(to)}`);
      const mails = ((await res.json()) as { mails: { kind: string; links: string[] }[] }).mails;
      const mail = mails.find((m) => m.kind === kind);
      link = mail?.links.find((l) => /token=/.test(l)) ?? '';
      return link;
    })
    .not.toBe('');
  return link.replace(/^https?:\/\/[^/]+/, '');
}

test('changing the e-mail address takes effect when the link sent to the new address is followed', async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await loggedInMember(page, baseURL ?? '');
  const newEmail = `new-${email}`;
  await page.goto('/settings');
  await page.getByRole('textbox', { name: 'New e-mail address' }).fill('not-an-address');
  await page.getByLabel('Current password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change e-mail address' }).click();
  await expect(page.getByText('New email adress is invalid.')).toBeVisible();
  await page.getByRole('textbox', { name: 'New e-mail address' }).fill(newEmail);
  await page.getByRole('button', { name: 'Change e-mail address' }).click();
  await expect(page.getByText(`We sent a link to ${newEmail}.`)).toBeVisible();

  await page.goto(await mailTo(request, baseURL ?? '', newEmail, 'mail_change'));
  await expect(page.getByText('Your e-mail address has been changed.')).toBeVisible();
  const login = await request.post(`${baseURL}/api/user.php`, {
    data: { email: newEmail, password: PASSWORD },
    headers: { origin: baseURL ?? '' },
  });
  expect(login.status()).toBe(200);
});

test('changing the password needs the old one', async ({ page, request, baseURL }) => {
  const { email } = await loggedInMember(page, baseURL ?? '');
  await page.goto('/settings');
  await page.getByLabel('Old password').fill('not the old password');
  await page.getByLabel('New password', { exact: true }).fill('a fresh new passphrase');
  await page.getByLabel('Repeat the new password').fill('a fresh new passphrase');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Please check your old password.')).toBeVisible();
  await page.getByLabel('Old password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  const login = await request.post(`${baseURL}/api/user.php`, {
    data: { email, password: 'a fresh new passphrase' },
    headers: { origin: baseURL ?? '' },
  });
  expect(login.status()).toBe(200);
});

test('deleting the account through solutions, reason and offer, then bringing it back with the e-mailed link', async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = await loggedInMember(page, baseURL ?? '');
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Delete my account' }).click();
  await expect(page.getByRole('heading', { name: 'Before you go' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue deleting' }).click();
  await page.getByRole('radio', { name: 'I found a partner' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Stay and get 50% off your next credits')).toBeVisible();
  await page.getByRole('button', { name: 'No thanks, delete' }).click();
  await page.getByLabel('Your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account has been deleted');

  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(
    page.getByText(/This account has been deleted\. You can reactivate it through the link/),
  ).toBeVisible();

  await page.goto(await mailTo(request, baseURL ?? '', email, 'account_deleted'));
  await expect(page).toHaveURL(/\/login\?reactivated=1$/);
  await expect(page.getByText('Your account is back. Log in to continue.')).toBeVisible();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Search members' }),
  ).toBeVisible();
});
