import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import type { BuildSignupOptions } from '../../tests/factories/build-signup';
import { uniqueEmail } from '../../tests/factories/unique';
import { expect, test } from './fixtures';
import { PASSWORD, signUpMember } from './member-accounts';

type SignupLanguage = NonNullable<BuildSignupOptions['language']>;

type Messages = {
  Signup: Record<string, string>;
  Login: Record<string, string>;
  ResetPassword: Record<string, string>;
  Errors: Record<string, string>;
  Mail: { activation: { subject: string } };
};
const read = (locale: string) => JSON.parse(fs.readFileSync(`messages/${locale}.json`, 'utf8')) as Messages;
const plain = (text: string) => text.replace(/<\/?\w+>/g, '');

async function createMember(request: APIRequestContext, baseURL: string, locale: SignupLanguage) {
  const { email } = await signUpMember(request, baseURL, {
    prefix: `lang-${locale}`,
    date_of_birth: '1984-09-09',
    gender: 'male',
    language: locale,
  });
  await request.post(`${baseURL}/api/logout.php`, { headers: { origin: baseURL } });
  return email;
}

for (const locale of ['de', 'nl'] as const) {
  test.describe(`accounts in ${locale}`, () => {
    const m = read(locale);
    test.use({ locale, viewport: { width: 375, height: 740 } });

    test('signing up, with the age rule in this language', async ({ page, request, baseURL }) => {
      const email = uniqueEmail(`signup-${locale}`);
      await page.goto('/signup');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await page.getByRole('button', { name: m.Signup.iAmWoman }).click();
      await page.getByRole('textbox', { name: m.Signup.nameLabel }).fill(`lang_${locale}_user`);
      await page.getByRole('button', { name: m.Signup.next }).click();
      // 31 December of the youngest year offered: not 18 yet today, so the age rule speaks up.
      const day = page.getByLabel(m.Signup.day ?? '', { exact: true });
      const month = page.getByLabel(m.Signup.month ?? '', { exact: true });
      const year = page.getByLabel(m.Signup.year ?? '', { exact: true });
      const years = (await year.locator('option').allTextContents())
        .map((y) => y.trim())
        .filter((y) => /^\d{4}$/.test(y));
      await day.selectOption('31');
      await month.selectOption({ index: 12 });
      await year.selectOption(years[0] ?? '');
      await page.getByRole('button', { name: m.Signup.next }).click();
      await expect(
        page.getByText((m.Errors.date_of_birth_required ?? '').replace('{min_age}', '18')),
      ).toBeVisible();
      await year.selectOption('1990');
      await page.getByRole('button', { name: m.Signup.next }).click();
      await page.getByRole('textbox', { name: m.Signup.emailLabel }).fill(email);
      await page.getByRole('button', { name: m.Signup.next }).click();
      await page.getByLabel(m.Signup.passwordLabel ?? '', { exact: true }).fill(PASSWORD);
      await page.getByRole('checkbox', { name: plain(m.Signup.acceptTerms ?? '') }).check();
      await page.getByRole('button', { name: m.Signup.submit }).click();
      await expect(page.getByRole('heading', { name: m.Signup.completeTitle })).toBeVisible();
      const res = await request.get(`${baseURL}/api/dev/outbox.php?to=${encodeURIComponent(email)}`);
      const mails = ((await res.json()) as { mails: { kind: string; subject: string }[] }).mails;
      expect(mails[0]?.kind).toBe('activation');
      expect(mails[0]?.subject).toBe(m.Mail.activation.subject.replace('{site}', 'Lovelane'));
    });

    test('a failed login and the lockout, in this language', async ({ page, request, baseURL }) => {
      const email = await createMember(request, baseURL ?? '', locale);
      await page.goto('/login');
      await page.getByLabel(m.Login.email ?? '').fill(email);
      for (let i = 0; i < 5; i += 1) {
        await page.getByLabel(m.Login.password ?? '', { exact: true }).fill(`wrong password ${i}`);
        await page.getByRole('button', { name: m.Login.submit, exact: true }).click();
        if (i < 4) await expect(page.getByText(m.Errors.login_failed ?? '')).toBeVisible();
      }
      await expect(page.getByText((m.Errors.account_locked ?? '').replace('{minutes}', '15'))).toBeVisible();
    });

    test('an unknown address on the reset form, in this language', async ({ page }) => {
      await page.goto('/reset-password');
      await page.getByLabel(m.ResetPassword.email ?? '').fill(`nobody-${locale}@example.test`);
      await page.getByRole('button', { name: m.ResetPassword.send }).click();
      await expect(page.getByText(m.Errors.email_not_found ?? '')).toBeVisible();
    });
  });
}
