import sharp from 'sharp';
import { expect, test } from './fixtures';
import { memberInNewBrowser } from './member-accounts';
import { logInOperator } from './operators';

const portrait = () =>
  sharp({ create: { width: 480, height: 640, channels: 3, background: '#8e44ad' } })
    .jpeg()
    .toBuffer();

test('a chat operator creates a fictional profile with a photo, and a member sees it with the fictional wording', async ({
  page,
  baseURL,
  browser,
}) => {
  const base = baseURL ?? '';
  await logInOperator(page, base, 'chat_operator', 'Cora Chat');
  const name = `Fenna${Date.now().toString(36).slice(-5)}`;

  await page.goto('/operator');
  await page.getByRole('link', { name: 'Fictional profiles', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fictional profiles' })).toBeVisible();
  await page.getByRole('button', { name: 'New profile' }).click();
  const form = page.getByRole('region', { name: 'New fictional profile' });

  // Checked in the browser first: an adult's date, a name members could use.
  await form.getByLabel('Name').fill('@no');
  await form.getByLabel('Date of birth').fill('2020-01-01');
  await form.getByRole('button', { name: 'Create profile' }).click();
  await expect(form.getByText('Use 3 to 24 letters')).toBeVisible();
  await expect(form.getByText('Enter the date of birth of an adult (18+).')).toBeVisible();
  await expect(form.getByText('Choose a gender.')).toBeVisible();

  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Gender').selectOption({ label: 'Woman' });
  await form.getByLabel('Date of birth').fill('1993-05-20');
  await form.getByLabel('Country').selectOption('NL');
  // A town the server does not know is refused with its own words, under the field.
  await form.getByLabel('Town').fill('Atlantisdorp');
  await form.getByRole('button', { name: 'Create profile' }).click();
  await expect(form.getByText('We do not know the town “Atlantisdorp” in the chosen country.')).toBeVisible();
  await form.getByLabel('Town').fill('Utrecht');
  await form.getByLabel(/^About/).fill('Canal walks, cafés and good books.');
  await form.getByLabel('Hair colour').selectOption({ label: 'Red' });
  await form.getByRole('button', { name: 'Create profile' }).click();

  // The new profile's page: its details, and how members will see it.
  await expect(page).toHaveURL(/\/operator\/profiles\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${name}, \\d+`) })).toBeVisible();
  const preview = page.getByTestId('fictional-preview');
  await expect(preview).toContainText(name);
  await expect(preview).toContainText('Utrecht');

  // A photo, through the members' own pipeline; the first one is the main photo.
  await page
    .getByLabel('Add a photo')
    .setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: await portrait() });
  await expect(page.getByRole('img', { name: `Photo 1 of ${name}` })).toBeVisible();
  await expect(page.getByText('Main photo', { exact: true })).toBeVisible();
  await expect(preview.locator('img')).toHaveAttribute('src', /_t\.jpg$|\.jpg$/);

  // The list finds it by name, with its photo count.
  await page.getByRole('link', { name: 'All fictional profiles' }).click();
  await page.getByLabel('Name or id').fill(name);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Shown');
  await expect(row).toContainText('Utrecht');

  // A member opens the profile: the fictional mark with the site's wording, and its notice.
  const member = await memberInNewBrowser(browser, base, { prefix: 'sees-fictional' });
  const settings = (await (await member.page.request.get(`${base}/api/settings.php`)).json()) as {
    fictional_warning: string;
    fictional_singular: string;
  };
  await member.page.goto(`/members/${id}`);
  const heading = member.page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(name);
  await expect(heading.locator('.fictional-mark')).toHaveAttribute('title', settings.fictional_singular);
  await expect(member.page.getByTestId('fictional-notice')).toContainText(settings.fictional_warning);
  await member.page.context().close();
});

test('a moderator has no way to the fictional profiles', async ({ page, baseURL }) => {
  const base = baseURL ?? '';
  await logInOperator(page, base, 'moderator');
  await page.goto('/operator');
  await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Fictional profiles' })).toHaveCount(0);
  await page.goto('/operator/profiles');
  await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
  expect((await page.request.get(`${base}/api/operator/profiles.php`)).status()).toBe(403);
});
