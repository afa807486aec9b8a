import type { Page } from '@playwright/test';
import { waitForHydration } from '../fixtures';
import { expect, test } from './fixtures';
import { memberInNewBrowser } from './member-accounts';
import { seriousViolations } from './axe';

/**
 * A Dutch mobile number of this run only, so flows running side by side read their own SMS: in the
 * 061 range (not every 06 range is mobile: 066 is for pagers).
 */
const ownMobile = () => `06 1${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

async function smsCodeTo(page: Page, e164: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/dev/outbox.php?to=${encodeURIComponent(e164)}`);
      const { sms } = (await res.json()) as { sms: { to: string; text: string }[] };
      code = /\b(\d{6})\b/.exec(sms.find((message) => message.to === e164)?.text ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

test('direct debit: the form, the SMS code from the outbox, then a pending payment settled on the test bank’s step', async ({
  browser,
  baseURL,
}) => {
  // A signup, two page loads with accessibility checks, two SMS round trips and a settlement.
  test.slow();
  const { page } = await memberInNewBrowser(browser, baseURL ?? '', { prefix: 'ddebit', country: 'NL' });
  const { bundles } = (await (await page.request.get('/api/bundles.php?country=NL')).json()) as {
    bundles: { id: number; credits: number; amount: number }[];
  };
  const bundle = bundles[0];
  if (!bundle) throw new Error('no bundle in NL');
  // A new member has the site's welcome credits; the purchase adds to them.
  const welcome = ((await (await page.request.get('/api/user.php')).json()) as { user: { credits: number } })
    .user.credits;
  const mobile = ownMobile();
  const e164 = `+31${mobile.replace(/\D/g, '').slice(1)}`;

  await page.goto(`/directdebit?bundle=${bundle.id}&country=NL&code=TIMEBONUS25`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Pay by direct debit' })).toBeVisible();
  await expect(page.getByTestId('direct-debit-summary')).toContainText('25% discount with code TIMEBONUS25');
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel('Account holder').fill('Jan de Vries');
  await page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 01');
  await page.getByLabel('Street').fill('Keizersgracht');
  await page.getByLabel('House number').fill('12a');
  await page.getByLabel('Postal code').fill('1015 CX');
  await page.getByLabel('City').fill('Amsterdam');
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('checkbox', { name: /I authorise .+ to collect/ }).check();
  await page.getByRole('button', { name: 'Send SMS code' }).click();
  await expect(page.getByText('The check digits of this IBAN are not correct.')).toBeVisible();
  await expect(page.getByLabel('Account holder')).toHaveValue('Jan de Vries');

  await page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00');
  await page.getByRole('button', { name: 'Send SMS code' }).click();
  const codeField = page.getByLabel('SMS code', { exact: true });
  await expect(codeField).toBeFocused();
  const code = await smsCodeTo(page, e164);

  await codeField.fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByText('Code invalid. 4 attempts left.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await codeField.fill(code);
  await page.getByRole('button', { name: 'Confirm payment' }).click();
  // The test payment service's confirmation step: the payer picks the bank's answer to the debit.
  await page.waitForURL(/\/sandbox\/checkout\/tr_sbx_/);
  await expect(page.getByText('NL•• •••• 4300')).toBeVisible();
  await page.getByRole('button', { name: 'Paid', exact: true }).click();
  await page.waitForURL(/\/transactions\/\d+$/);
  const id = Number(/\/transactions\/(\d+)$/.exec(page.url())?.[1]);

  const payment = async () =>
    (
      (await (await page.request.get(`/api/payment.php?id=${id}`)).json()) as {
        payment: { state: string; amount: number };
      }
    ).payment;
  expect((await payment()).amount).toBe(Math.round(bundle.amount * 0.75));
  await expect.poll(async () => (await payment()).state, { timeout: 20_000 }).toBe('completed');
  const me = (await (await page.request.get('/api/user.php')).json()) as {
    user: { credits: number; paid_user: boolean };
  };
  expect(me.user).toMatchObject({ credits: welcome + bundle.credits, paid_user: true });
  await page.context().close();
});
