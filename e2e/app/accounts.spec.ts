import type { APIRequestContext, Page } from '@playwright/test';
import { waitForHydration } from '../fixtures';
import { uniqueEmail, uniqueTag } from '../../tests/factories/unique';
import { expect, test } from './fixtures';
import { PASSWORD, signUpMember } from './member-accounts';

/** The newest mail to an address, read from the app's outbox (on for these flows). */
async function mailTo(request: APIRequestContext, baseURL: string, to: string) {
  let mails: { kind: string; links: string[] }[] = [];
  await expect
    .poll(async () => {
      const res = await request.get(`${baseURL}/api/dev/outbox.php?to=${encodeURIComponent(to)}`);
      mails = ((await res.json()) as { mails: typeof mails }).mails;
      return mails.length;
    })
    .toBeGreaterThan(0);
  return mails[0] ?? { kind: '', links: [] };
}

/** A member made through the API, logged out again, for flows that are not about signing up. */
async function createMember(request: APIRequestContext, baseURL: string, tag: string) {
  const { email, name } = await signUpMember(request, baseURL, {
    prefix: tag,
    date_of_birth: '1988-02-03',
    gender: 'male',
  });
  await request.post(`${baseURL}/api/logout.php`, { headers: { origin: baseURL } });
  return { email, name };
}

async function fillSignup(
  page: Page,
  scope: ReturnType<Page['locator']> | Page,
  email: string,
  name: string,
) {
  await scope.getByRole('button', { name: 'I am a woman' }).click();
  await scope.getByRole('textbox', { name: 'Username' }).fill(name);
  await scope.getByRole('button', { name: 'Next' }).click();
  await scope.getByLabel('Day').selectOption('17');
  await scope.getByLabel('Month').selectOption({ index: 5 });
  await scope.getByLabel('Year').selectOption('1990');
  await scope.getByRole('button', { name: 'Next' }).click();
  await scope.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await scope.getByRole('button', { name: 'Next' }).click();
  await scope.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await scope.getByRole('checkbox', { name: /I accept the/ }).check();
  await scope.getByRole('button', { name: 'Create my account' }).click();
}

test('signing up on a desktop in the dialog, then confirming the address from the e-mail', async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('desktop');
  const username = `desk_${uniqueTag()}`;
  // A page of the application that asks a visitor to sign up: the dialog opens over it.
  await page.goto('/members/1/chat');
  await page.getByRole('link', { name: 'Sign up for free', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/members\/1\/chat$/);
  await dialog.getByRole('button', { name: 'I am a woman' }).click();
  // Once signup has started, Escape no longer closes the dialog.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Back' }).click();
  await fillSignup(page, dialog, email, username);
  await expect(dialog.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(dialog).toContainText(email);
  // The default site's welcome credits come with the confirmed address.
  await expect(dialog.getByText('Confirm your address and get 30 credits as a welcome gift')).toBeVisible();
  await expect(dialog.getByText('Enough for your first 3 messages.')).toBeVisible();

  const mail = await mailTo(request, baseURL ?? '', email);
  expect(mail.kind).toBe('activation');
  const link = mail.links.find((l) => l.includes('/api/activate.php')) ?? '';
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page).toHaveURL(/\/activate\/done$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your e-mail address is confirmed');
  await expect(page.getByText('30 welcome credits are now on your account')).toBeVisible();
  const me = await page.request.get('/api/user.php');
  expect((await me.json()) as { user: { status: string; credits: number } }).toMatchObject({
    user: { status: 'confirmed', credits: 30 },
  });

  // The same link a second time: the account is already active, and the way on is offered.
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page).toHaveURL(/\/activate\/already$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your account is already active');
  await expect(page.getByRole('main').getByRole('link', { name: 'Go to the members' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('signing up goes to the signup page and keeps the draft, not the password, over a reload', async ({
    page,
    request,
    baseURL,
  }) => {
    const email = uniqueEmail('phone');
    const username = `phone_${uniqueTag()}`;
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign up for free', exact: true }).click();
    await expect(page).toHaveURL(/\/signup$/);
    // The home is a page of its own: the signup page is loaded anew, and answers once it runs.
    await waitForHydration(page);
    await page.getByRole('button', { name: 'I am a man' }).click();
    await page.getByRole('textbox', { name: 'Username' }).fill(username);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.reload();
    await expect(page.getByLabel('Day')).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveValue(username);
    await page.getByRole('button', { name: 'Back' }).click();
    await fillSignup(page, page, email, username);
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    expect((await mailTo(request, baseURL ?? '', email)).kind).toBe('activation');
  });
});

test('an invitation-only site shows the invitation message instead of the form', async ({
  page,
  baseURL,
}) => {
  const host = (baseURL ?? '').replace('localhost', '127.0.0.2');
  await page.goto(`${host}/signup`);
  await expect(page.getByRole('heading', { name: 'Signing up is by invitation only' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'I am a woman' })).toHaveCount(0);
});

test('a traffic-source site lets in only visitors who came through a tracked link', async ({
  browser,
  baseURL,
}) => {
  const host = (baseURL ?? '').replace('localhost', '127.0.0.3');
  const plain = await browser.newPage();
  await plain.goto(`${host}/signup`);
  await waitForHydration(plain);
  await expect(plain.getByRole('heading', { name: 'Signing up is by invitation only' })).toBeVisible();
  await plain.close();

  const tracked = await browser.newPage({ viewport: { width: 375, height: 740 } });
  await tracked.goto(`${host}/?network=adnet&ref=spring&sub1=a`);
  await waitForHydration(tracked);
  await expect
    .poll(async () => (await tracked.context().cookies()).some((c) => c.name === 'tracking'))
    .toBe(true);
  await tracked.goto(`${host}/signup`);
  await waitForHydration(tracked);
  await expect(tracked.getByRole('button', { name: 'I am a woman' })).toBeVisible();
  await tracked.close();
});

test('logging in, the lockout after wrong passwords, and its message', async ({ page, request, baseURL }) => {
  const { email } = await createMember(request, baseURL ?? '', 'login');
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  for (let i = 0; i < 4; i += 1) {
    await page.getByLabel('Password', { exact: true }).fill(`wrong password ${i}`);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Login failed, please try again')).toBeVisible();
  }
  await page.getByLabel('Password', { exact: true }).fill('wrong password 5');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Too many incorrect attempts, account blocked for 15 min.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Too many incorrect attempts, account blocked for 15 min.')).toBeVisible();
});

test('logging in with the form and out with the account menu', async ({ page, request, baseURL }) => {
  const { email, name } = await createMember(request, baseURL ?? '', 'inout');
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Search members' })).toBeVisible();
  await nav.getByRole('button', { name }).click();
  await nav.getByRole('button', { name: 'Logout' }).click();
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible();
  expect((await page.request.get('/api/user.php')).status()).toBe(403);
});

test('a login sent before the page runs keeps the password out of the address and goes through once it runs', async ({
  browser,
  request,
  baseURL,
}) => {
  const { email } = await createMember(request, baseURL ?? '', 'early');
  // A page of its own: this flow must not wait for the page to run after going to it.
  const page = await browser.newPage({ baseURL });
  // A slow phone: the page is drawn, its scripts have not come yet.
  let release = () => {};
  const scriptsHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/_next/static/chunks/**/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  const addresses: string[] = [];
  page.on('request', (req) => {
    if (req.isNavigationRequest()) addresses.push(req.url());
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  // Held back: no reload, nothing typed in the address, the fields keep what was typed.
  await expect(page.locator('form[aria-busy="true"]')).toHaveCount(1);
  expect(addresses.filter((url) => url.includes('?'))).toEqual([]);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue(PASSWORD);

  release();
  await expect(page).toHaveURL(/\/members$/);
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Search members' })).toBeVisible();
  expect(
    addresses.filter((url) => url.includes(PASSWORD) || url.includes(encodeURIComponent(email))),
  ).toEqual([]);
});

test('resetting a forgotten password; the link works once', async ({ page, request, baseURL }) => {
  const { email } = await createMember(request, baseURL ?? '', 'reset');
  await page.goto('/reset-password');
  await page.getByLabel('E-mail address').fill(`nobody-${email}`);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText('E-mail address not found')).toBeVisible();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText(`We have sent an e-mail to ${email}`)).toBeVisible();

  const mail = await mailTo(request, baseURL ?? '', email);
  const path = (mail.links.find((l) => l.includes('/reset-password/do')) ?? '').replace(
    /^https?:\/\/[^/]+/,
    '',
  );
  await page.goto(path);
  await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
  await page.getByLabel('Repeat the new password').fill('a different passphrase');
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByText('The entered passwords are not the same.')).toBeVisible();
  await page.getByLabel('Repeat the new password').fill('a brand new passphrase');
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByText('Your password has been changed. You can now log in with it.')).toBeVisible();

  await page.goto(path);
  await page.getByLabel('New password', { exact: true }).fill('yet another passphrase');
  await page.getByLabel('Repeat the new password').fill('yet another passphrase');
  await page.getByRole('button', { name: 'Save the password' }).click();
  await expect(page.getByText('Link expired or invalid, request a new email')).toBeVisible();
});
