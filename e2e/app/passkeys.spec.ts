import type { APIRequestContext, CDPSession, Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { signUpMember } from './member-accounts';
import { logInOperator } from './operators';

/**
 * Chromium's virtual authenticator in the page's browser: a platform authenticator that keeps
 * discoverable passkeys and verifies the person at once, as Touch ID or Windows Hello would.
 */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/**
 * Makes the page's browser one without passkeys in the autofill (Chromium's virtual authenticator
 * answers an autofill request by itself), so the button's own flow is what a test sees.
 */
async function withoutAutofill(page: Page): Promise<void> {
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
}

async function passkeyMails(request: APIRequestContext, baseURL: string, to: string) {
  const res = await request.get(`${baseURL}/api/dev/outbox.php?to=${encodeURIComponent(to)}`);
  const mails = ((await res.json()) as { mails: { kind: string; subject: string }[] }).mails;
  return mails.filter((mail) => mail.kind === 'passkey_changed').map((mail) => mail.subject);
}

test('a member adds a passkey in the settings, names it, signs in with it and removes it', async ({
  page,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const { email } = await signUpMember(page.request, base, { prefix: 'passkey' });
  await withoutAutofill(page);
  const { cdp, authenticatorId } = await virtualAuthenticator(page);

  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('No passkeys yet')).toBeVisible();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByText('Passkey added. Give it a name you will recognise.')).toBeVisible();
  // Named after the browser and system it was made on, ready to be renamed.
  const name = section.getByRole('textbox', { name: 'Name of the passkey' });
  await expect(name).toBeFocused();
  await expect(name).toHaveValue('Chrome on Windows');
  await name.fill('My laptop');
  await name.press('Enter');
  await expect(section.getByText('Passkey renamed.')).toBeVisible();
  const list = section.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('My laptop');
  await expect(list).toContainText('Not used yet');
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  await expect
    .poll(() => passkeyMails(page.request, base, email))
    .toEqual(['A passkey was added to your Lovelane account']);

  // Logged out, the passkey signs in without an address typed.
  expect((await page.request.post(`${base}/api/logout.php`, { headers: { origin: base } })).status()).toBe(
    200,
  );
  await page.goto('/login');
  await expect(page.getByLabel('E-mail address')).toHaveAttribute('autocomplete', 'username webauthn');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/members$/);
  expect((await page.request.get(`${base}/api/user.php`)).status()).toBe(200);

  // Just signed in, the passkey is removed without confirming again.
  await page.goto('/settings#passkeys');
  await expect(list).toContainText('Last used');
  await list.getByRole('button', { name: 'Remove My laptop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await expect(dialog).toContainText('“My laptop” can then no longer be used to sign in.');
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(section.getByText('Passkey removed.')).toBeVisible();
  await expect(section.getByText('No passkeys yet')).toBeVisible();
  await expect
    .poll(() => passkeyMails(page.request, base, email))
    .toContain('A passkey was removed from your Lovelane account');

  // The passkey left on the device is refused now, in the visitor's words, and the browser is
  // told to forget it.
  await page.request.post(`${base}/api/logout.php`, { headers: { origin: base } });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByText('This passkey is not known on this site', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect
    .poll(async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length)
    .toBe(0);
});

test('the e-mail field offers the passkey in its autofill, and the login page passes axe', async ({
  page,
  baseURL,
}) => {
  const base = baseURL ?? '';
  await signUpMember(page.request, base, { prefix: 'passkey-fill' });
  await virtualAuthenticator(page);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Passkeys' });
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByText('Passkey added. Give it a name you will recognise.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.request.post(`${base}/api/logout.php`, { headers: { origin: base } });

  // The login page asks for the passkey as soon as it opens (conditional mediation); Chromium's
  // virtual authenticator answers that request itself, as a person picking it in the autofill would.
  await page.goto('/login');
  expect(await page.evaluate(() => PublicKeyCredential.isConditionalMediationAvailable?.() ?? false)).toBe(
    true,
  );
  await expect(page).toHaveURL(/\/members$/);
  expect((await page.request.get(`${base}/api/user.php`)).status()).toBe(200);
});

test('the login page offers the passkey button on a phone and passes axe in both themes', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const theme of ['light', 'dark'] as const) {
    await page.context().addCookies([{ name: 'theme', value: theme, url: baseURL ?? '' }]);
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('data-bs-theme', theme);
    await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  }
});

test('an operator adds a passkey after the authenticator app and then gives it as the second factor', async ({
  page,
  baseURL,
}) => {
  const base = baseURL ?? '';
  const operator = await logInOperator(page, base, 'admin', 'Paula Passkey');
  await virtualAuthenticator(page);
  await page.goto('/operator/security');
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
  await expect(page.getByText('You have no passkey for the console yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added. At your next login, choose “Use your passkey”.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem')).toHaveCount(1);

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByLabel('E-mail address').fill(operator.email);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Second step' })).toBeVisible();
  await expect(page.getByLabel('Code from your authenticator app')).toBeVisible();
  await page.getByRole('button', { name: 'Use your passkey' }).click();
  // The console opens where the operator was.
  await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();

  // A session opened with the passkey cannot add another one.
  await expect(page.getByText(/To add a passkey, log out and log in again with a code/)).toBeVisible();

  // The audit log says how the second step was given.
  await page.goto('/operator/audit');
  await page.getByLabel('Operator id').fill(String(operator.id));
  await page.getByRole('button', { name: 'Apply' }).click();
  const rows = page.getByRole('row').filter({ hasText: 'operator.second_factor' });
  await expect(rows.filter({ hasText: 'POST /api/operator/second-factor.php?passkey=1' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'operator.passkey_add' })).toHaveCount(1);
});
