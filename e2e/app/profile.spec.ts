import sharp from 'sharp';
import { expect, test } from './fixtures';
import { confirmedMember as newMember, memberInNewBrowser } from './member-accounts';

const confirmedMember = (page: Parameters<typeof newMember>[0], baseURL: string) =>
  newMember(page, baseURL, { prefix: 'profile' });

const png = (color: string) =>
  sharp({ create: { width: 480, height: 640, channels: 3, background: color } })
    .png()
    .toBuffer();

test('a visitor is asked to log in before editing a profile', async ({ page }) => {
  await page.goto('/profile');
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute(
    'href',
    '/login?redirect=/profile',
  );
});

test('a member edits the profile; name and date of birth are shown but fixed', async ({ page, baseURL }) => {
  const { name } = await confirmedMember(page, baseURL ?? '');
  // The profile, photos, verification and lists come with the page: opening it calls no API.
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/') && !r.url().endsWith('/api/events.php')) calls.push(r.url());
  });
  await page.goto('/profile');
  const details = page.getByRole('region', { name: 'About me' });
  await expect(page.getByText('Add a photo of yourself first', { exact: false })).toBeVisible();
  expect(calls).toEqual([]);
  await expect(details.getByLabel('Name')).toHaveValue(name);
  await expect(details.getByLabel('Name')).toHaveAttribute('readonly', '');
  await expect(details.getByLabel('Date of birth')).toHaveValue(/^June 21, 1988/);

  await details.getByRole('combobox', { name: 'Hair colour' }).selectOption({ label: 'Red' });
  await details.getByRole('combobox', { name: 'Tattoos' }).selectOption({ label: 'Some' });
  await details.getByRole('textbox', { name: 'City' }).fill('Utrecht');
  await details.getByRole('checkbox', { name: 'Travel' }).check();
  await details.getByRole('checkbox', { name: 'Music' }).check();
  await details.getByRole('button', { name: 'Save profile' }).click();
  await expect(details.getByText('Your profile has been saved.')).toBeVisible();

  await page.reload();
  const reloaded = page.getByRole('region', { name: 'About me' });
  await expect(reloaded.getByRole('combobox', { name: 'Hair colour' })).toHaveValue('red');
  await expect(reloaded.getByRole('combobox', { name: 'Tattoos' })).toHaveValue('some');
  await expect(reloaded.getByRole('textbox', { name: 'City' })).toHaveValue('Utrecht');
  await expect(reloaded.getByRole('checkbox', { name: 'Travel' })).toBeChecked();
  await expect(reloaded.getByRole('checkbox', { name: 'Music' })).toBeChecked();
});

test('changing the country offers that country’s regions and clears the old one', async ({
  page,
  baseURL,
}) => {
  await confirmedMember(page, baseURL ?? '');
  await page.goto('/profile');
  const details = page.getByRole('region', { name: 'About me' });
  await details.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Sweden' });
  const county = details.getByRole('combobox', { name: 'County' });
  await expect(county).toHaveValue('');
  const firstRegion = county.locator('option').nth(1);
  const regionName = (await firstRegion.textContent()) ?? '';
  await county.selectOption({ label: regionName });
  await details.getByRole('button', { name: 'Save profile' }).click();
  await expect(details.getByText('Your profile has been saved.')).toBeVisible();

  await details.getByRole('combobox', { name: 'Country' }).selectOption({ label: 'Germany' });
  await expect(details.getByRole('combobox', { name: 'State' })).toHaveValue('');
  await details.getByRole('button', { name: 'Save profile' }).click();
  await expect(details.getByText('Your profile has been saved.')).toBeVisible();
  const saved = (await (await page.request.get('/api/profile.php')).json()) as {
    country: string;
    region_id: null;
  };
  expect(saved).toMatchObject({ country: 'DE', region_id: null });
});

test('a free member uploads up to 3 photos, picks the main one and deletes one', async ({
  page,
  baseURL,
}) => {
  await confirmedMember(page, baseURL ?? '');
  await page.goto('/profile');
  const photos = page.getByRole('region', { name: 'My photos' });
  await expect(photos.getByText('0 of 3 photos')).toBeVisible();

  for (const [i, color] of ['#c0392b', '#2980b9', '#27ae60'].entries()) {
    await photos
      .getByLabel('Choose a photo to upload')
      .setInputFiles({ name: `photo-${i}.png`, mimeType: 'image/png', buffer: await png(color) });
    await expect(photos.getByText(`${i + 1} of 3 photos`)).toBeVisible();
  }
  await expect(photos.getByRole('img', { name: 'Photo 1, your main photo' })).toBeVisible();
  await expect(photos.getByRole('button', { name: 'Add a photo' })).toBeDisabled();
  await expect(photos.getByText('Premium members can have up to 25 photos.')).toBeVisible();
  await expect(photos.getByRole('link', { name: 'Become a premium member' })).toHaveAttribute(
    'href',
    '/premium',
  );

  // The main photo always comes first: photo 2 moves to the front.
  const second = await photos.getByRole('img', { name: 'Photo 2', exact: true }).getAttribute('src');
  await photos.getByRole('button', { name: 'Make main photo: photo 2' }).click();
  await expect(photos.getByRole('img', { name: 'Photo 1, your main photo' })).toHaveAttribute(
    'src',
    second ?? '',
  );

  await photos.getByRole('button', { name: 'Delete photo 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete photo 1?' });
  await dialog.getByRole('button', { name: 'Delete photo' }).click();
  await expect(photos.getByText('The photo has been deleted.')).toBeVisible();
  await expect(photos.getByText('2 of 3 photos')).toBeVisible();
  await expect(photos.getByRole('img', { name: 'Photo 1, your main photo' })).toBeVisible();
  await expect(photos.getByRole('button', { name: 'Add a photo' })).toBeEnabled();

  // Order: dragging the second photo onto the first makes it main, and the order is kept.
  const srcs = () =>
    photos.getByRole('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')));
  const [one, two] = await srcs();
  // The new order shows at once and is saved in the background: the reload waits for the save.
  const arranged = () =>
    page.waitForResponse((r) => r.url().endsWith('/api/photos.php') && r.request().method() === 'PUT');
  let saved = arranged();
  await photos.getByRole('listitem').nth(1).dragTo(photos.getByRole('listitem').nth(0));
  await expect.poll(srcs).toEqual([two, one]);
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(photos.getByRole('img', { name: 'Photo 1, your main photo' })).toHaveAttribute(
    'src',
    two ?? '',
  );
  // And by keyboard, with the arrow over the photo.
  await photos.getByRole('button', { name: 'Move photo 1 back' }).focus();
  saved = arranged();
  await page.keyboard.press('Enter');
  await expect.poll(srcs).toEqual([one, two]);
  await expect(photos.getByRole('button', { name: 'Move photo 2 forward' })).toBeFocused();
  expect((await saved).ok()).toBe(true);
  await page.reload();
  await expect(photos.getByRole('img', { name: 'Photo 1, your main photo' })).toHaveAttribute(
    'src',
    one ?? '',
  );

  // Refused in the browser with the server's own text; nothing is sent.
  await photos
    .getByLabel('Choose a photo to upload')
    .setInputFiles({ name: 'funny.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(photos.getByRole('alert')).toHaveText(
    'This file is not a photo we can use. Please upload a JPEG, PNG or WebP image.',
  );
  await expect(photos.getByText('2 of 3 photos')).toBeVisible();
});

test('the deletion flow’s break offer leads to invisible mode, which stays on', async ({ page, baseURL }) => {
  await confirmedMember(page, baseURL ?? '');
  await page.goto('/settings/delete');
  await page.getByRole('link', { name: 'Go invisible' }).click();
  await expect(page).toHaveURL(/\/settings#privacy$/);
  const privacy = page.getByRole('region', { name: 'Privacy' });
  const toggle = privacy.getByRole('switch', { name: 'Invisible mode' });
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(privacy.getByText('Invisible mode is on: other members no longer find you.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Privacy' }).getByRole('switch', { name: 'Invisible mode' }),
  ).toBeChecked();
});

test('a blocked member is listed in settings and can be unblocked', async ({ page, browser, baseURL }) => {
  const url = baseURL ?? '';
  await confirmedMember(page, url);
  const other = await memberInNewBrowser(browser, url);
  const blocked = await page.request.post(`${url}/api/block.php`, {
    data: { member: other.id },
    headers: { origin: url },
  });
  expect(blocked.ok()).toBe(true);

  await page.goto('/settings#privacy');
  const privacy = page.getByRole('region', { name: 'Privacy' });
  await expect(privacy.getByRole('list', { name: 'Blocked members' })).toContainText(other.name);
  await privacy.getByRole('button', { name: `Unblock ${other.name}` }).click();
  await expect(privacy.getByText(`${other.name} has been unblocked.`)).toBeVisible();
  await expect(privacy.getByText('You have not blocked anyone.')).toBeVisible();
  await other.page.context().close();
});

for (const [locale, texts] of [
  [
    'de',
    {
      about: 'Über mich',
      hair: 'Haarfarbe',
      red: 'Rot',
      save: 'Profil speichern',
      saved: 'Dein Profil wurde gespeichert.',
    },
  ],
  [
    'nl',
    {
      about: 'Over mij',
      hair: 'Haarkleur',
      red: 'Rood',
      save: 'Profiel opslaan',
      saved: 'Je profiel is opgeslagen.',
    },
  ],
] as const) {
  test(`editing the profile in ${locale}`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL ?? '' }]);
    await confirmedMember(page, baseURL ?? '');
    await page.goto('/profile');
    const details = page.getByRole('region', { name: texts.about });
    await details.getByRole('combobox', { name: texts.hair }).selectOption({ label: texts.red });
    await details.getByRole('button', { name: texts.save }).click();
    await expect(details.getByText(texts.saved)).toBeVisible();
  });
}
