import sharp from 'sharp';
import { waitForHydration } from '../fixtures';
import { expect, test } from './fixtures';
import { memberInNewBrowser, PASSWORD } from './member-accounts';
import { logInOperator } from './operators';

/** The site whose new photos wait for a moderator's approval (scripts/e2e-server.mjs). */
const premoderatedSite = (baseURL: string) => `http://127.0.0.6:${new URL(baseURL).port}`;

test('a member reports another; a moderator suspends them from the console by keyboard; the reporter reads "action taken"', async ({
  browser,
  page,
  baseURL,
}) => {
  test.slow();
  const site = baseURL ?? '';
  const reported = await memberInNewBrowser(browser, site, { prefix: 'rude', gender: 'male' });
  const reporter = await memberInNewBrowser(browser, site, { prefix: 'reporter' });

  // The reporter reports the member from their page.
  await reporter.page.goto(`/members/${reported.id}`);
  await reporter.page.getByRole('button', { name: `More actions for ${reported.name}` }).click();
  await reporter.page.getByRole('menuitem', { name: 'Report this profile' }).click();
  await expect(reporter.page.getByText(`Your complaint is about ${reported.name}.`)).toBeVisible();
  await waitForHydration(reporter.page);
  await reporter.page.getByLabel('What is it about?').selectOption({ label: 'Harassment or threats' });
  await reporter.page.getByLabel('Describe what happened').fill('He keeps sending me insulting messages.');
  await reporter.page.getByRole('button', { name: 'Send complaint' }).click();
  await expect(
    reporter.page.getByRole('status').filter({ hasText: 'we have received your complaint' }),
  ).toBeVisible();

  await reporter.page.goto('/settings');
  const reports = reporter.page.getByRole('region', { name: 'My reports' });
  const report = reports.getByRole('listitem').filter({ hasText: reported.name });
  await expect(report).toContainText('Harassment or threats');
  await expect(report.getByRole('list', { name: 'Status' }).getByText('Received')).toHaveAttribute(
    'aria-current',
    'step',
  );

  // The moderator opens the report in the console.
  await logInOperator(page, site, 'moderator', 'Mona Moderator');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/operator/moderation');
  await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  const queue = page.getByRole('region', { name: 'Queue' });
  await queue.getByRole('button', { name: new RegExp(`${reported.name}.*insulting messages`) }).click();
  const item = page.getByRole('region', { name: `Report about ${reported.name}` });
  await expect(item).toContainText('He keeps sending me insulting messages.');
  await expect(item).toContainText('In review by Mona Moderator');

  await reports.page().reload();
  await expect(report.getByRole('list', { name: 'Status' }).getByText('In review')).toHaveAttribute(
    'aria-current',
    'step',
  );

  // Suspending needs a reason, and asks first.
  await page.keyboard.press('s');
  await expect(item.getByRole('alert')).toHaveText('Write the reason first (at least 3 characters).');
  const reason = item.getByRole('textbox', { name: 'Reason' });
  await expect(reason).toBeFocused();
  await item.getByLabel('Suspension in days').fill('3');
  await reason.fill('Insults sent to several members.');
  // Keys typed into a field are the field's: the decision key works once the field is left.
  await reason.blur();
  await page.keyboard.press('s');
  const confirm = page.getByRole('dialog', { name: `Suspend ${reported.name}?` });
  await expect(confirm).toContainText('3 days');
  await confirm.getByRole('button', { name: 'Suspend for 3 days' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Done: Suspend.' })).toBeVisible();

  await reports.page().reload();
  await expect(report.getByRole('list', { name: 'Status' }).getByText('Action taken')).toHaveAttribute(
    'aria-current',
    'step',
  );
  await expect(report).toContainText('We found a breach of our rules and acted on it.');

  // The suspended member is logged out, and their login says until when.
  await reported.page.goto('/login');
  await waitForHydration(reported.page);
  await reported.page.getByLabel('E-mail address').fill(reported.email);
  await reported.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await reported.page.getByRole('button', { name: 'Log in' }).click();
  await expect(
    reported.page.getByRole('alert').filter({ hasText: 'Your account is suspended until' }),
  ).toBeVisible();
  await reported.page.context().close();
  await reporter.page.context().close();
});

test('under photo pre-moderation a new photo waits hidden until a moderator approves it', async ({
  browser,
  page,
  baseURL,
}) => {
  test.slow();
  const site = premoderatedSite(baseURL ?? '');
  const member = await memberInNewBrowser(browser, site, { prefix: 'photo' });
  const viewer = await memberInNewBrowser(browser, site, { prefix: 'viewer', gender: 'male' });

  await member.page.goto('/profile');
  const photos = member.page.getByRole('region', { name: 'My photos' });
  await expect(
    photos.getByText('New photos are shown to other members once our team has approved them.'),
  ).toBeVisible();
  const image = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#2980b9' } })
    .png()
    .toBuffer();
  await photos
    .getByLabel('Choose a photo to upload')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: image });
  await expect(photos.getByText('Waiting for review')).toBeVisible();
  const shown = async () =>
    (
      (await (await viewer.page.request.get(`/api/member.php?id=${member.id}`)).json()) as {
        photos: unknown[];
      }
    ).photos.length;
  expect(await shown()).toBe(0);

  await logInOperator(page, baseURL ?? '', 'moderator');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/operator/moderation');
  await page.getByRole('button', { name: 'Photos', exact: true }).click();
  await page
    .getByRole('region', { name: 'Queue' })
    .getByRole('button', { name: new RegExp(`${member.name}.*New photo`) })
    .click();
  const item = page.getByRole('region', { name: `New photo of ${member.name}` });
  await expect(item.getByText('Waiting', { exact: true })).toBeVisible();
  await page.keyboard.press('a');
  await expect(page.getByRole('status').filter({ hasText: 'Done: Approve photo.' })).toBeVisible();

  await expect.poll(shown).toBe(1);
  await member.page.reload();
  await expect(photos.getByRole('img', { name: 'Photo 1, your main photo' })).toBeVisible();
  await expect(photos.getByText('Waiting for review')).toHaveCount(0);
  await member.page.context().close();
  await viewer.page.context().close();
});
