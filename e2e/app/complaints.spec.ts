import { waitForHydration } from '../fixtures';
import { uniqueEmail } from '../../tests/factories/unique';
import { expect, test } from './fixtures';

test('a visitor reaches the complaints page from the footer, sends a complaint and gets its reference on screen', async ({
  page,
  request,
  baseURL,
}) => {
  const email = uniqueEmail('complaint');
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Complaints' }).click();
  await expect(page).toHaveURL(/\/complaints$/);
  await expect(page).toHaveTitle(/Complaints/);
  await expect(page.getByRole('heading', { level: 1, name: 'Complaints' })).toBeVisible();
  // The home is a page of its own: the complaints page is loaded anew, and its form answers once it runs.
  await waitForHydration(page);

  await page.getByRole('button', { name: 'Send complaint' }).click();
  await expect(page.getByLabel('What is it about?')).toBeFocused();
  await expect(page.getByText('Please choose what your complaint is about.')).toBeVisible();

  await page.getByLabel('What is it about?').selectOption({ label: 'Scam or spam' });
  await page.getByLabel('Describe what happened').fill('A member asked me to pay for a train ticket.');
  await page.getByLabel('Conversation reference (optional)').fill('messages of 3 May');
  await page.getByLabel('Your e-mail address').fill(email);
  await page.getByRole('button', { name: 'Send complaint' }).click();

  const done = page.getByRole('status').filter({ hasText: 'we have received your complaint' });
  await expect(done).toBeVisible();
  const reference = (await done.textContent())?.match(/C-\d{6}/)?.[0] ?? '';
  expect(reference).not.toBe('');

  await expect(done).toContainText('Please note it down');
  // The typed address is not proven to be the visitor's: no receipt is mailed to it.
  const res = await request.get(`${baseURL}/api/dev/outbox.php?to=${encodeURIComponent(email)}`);
  expect(((await res.json()) as { mails: unknown[] }).mails).toEqual([]);
});

test('the complaints page offers customer service by e-mail and phone', async ({ page }) => {
  await page.goto('/complaints');
  const support = page.getByRole('region', { name: 'Customer service' });
  await expect(support.getByRole('link').first()).toHaveAttribute('href', /^mailto:.+@.+/);
  const phone = support.locator('a[href^="tel:"]');
  if ((await phone.count()) > 0) await expect(phone).toHaveAttribute('href', /^tel:[+\d()]+$/);
});

test('a complaint opened for a member names the member it is about', async ({ page }) => {
  await page.goto('/complaints?member=2000000000');
  await expect(page.getByText('Your complaint is about member number 2000000000.')).toBeVisible();
  await page.getByLabel('What is it about?').selectOption({ label: 'Fake profile' });
  await page.getByLabel('Describe what happened').fill('The photos belong to someone else.');
  await page.getByLabel('Your e-mail address').fill(uniqueEmail('complaint'));
  await page.getByRole('button', { name: 'Send complaint' }).click();
  // Whether a member number exists or is hidden, the complaint is taken the same way.
  await expect(page.getByRole('status').filter({ hasText: 'we have received your complaint' })).toBeVisible();
});
