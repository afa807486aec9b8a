import sharp from 'sharp';
import { waitForHydration } from '../fixtures';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { memberInNewBrowser } from './member-accounts';
import { logInOperator } from './operators';

/** A photo of the member, as their profile needs one before they can be verified. */
async function addPhoto(member: Awaited<ReturnType<typeof memberInNewBrowser>>, baseURL: string) {
  const image = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#c46a8d' } })
    .jpeg()
    .toBuffer();
  const res = await member.page.request.post(`${baseURL}/api/photo.php`, {
    multipart: { photo: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: image } },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(201);
}

test('a member copies a pose with the camera, a moderator approves it, and others see and can filter by the badge', async ({
  browser,
  page,
  baseURL,
}) => {
  test.slow();
  const site = baseURL ?? '';
  const member = await memberInNewBrowser(browser, site, { prefix: 'selfie' });
  const viewer = await memberInNewBrowser(browser, site, { prefix: 'looker', gender: 'male' });
  await addPhoto(member, site);

  // The member asks from the profile editor, gets a pose and takes the selfie with the (fake) camera.
  await member.page.setViewportSize({ width: 390, height: 844 });
  await member.page.goto('/profile');
  await waitForHydration(member.page);
  const panel = member.page.getByRole('region', { name: 'Photo verification' });
  await expect(panel.getByRole('list', { name: 'How it works' })).toBeVisible();
  await panel.getByRole('button', { name: 'Start verification' }).click();
  await expect(panel.getByText('Copy this pose')).toBeVisible();
  // The pose's picture is there once it has loaded.
  await expect
    .poll(() =>
      panel.locator('img[src^="/verification-poses/"]').evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  expect(await seriousViolations(member.page), 'the pose to copy').toEqual([]);

  await panel.getByRole('button', { name: 'Open camera' }).click();
  const video = panel.locator('video');
  await expect(video).toHaveAttribute('aria-label', 'Camera preview');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  // The live picture is mirrored, as a front camera's is.
  expect(await video.evaluate((v) => getComputedStyle(v).transform)).toContain('matrix(-1');
  await panel.getByRole('button', { name: 'Take selfie' }).click();
  await expect(panel.getByRole('img', { name: 'Your selfie' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Send selfie' })).toBeFocused();
  // A retake opens the camera again.
  await panel.getByRole('button', { name: 'Retake' }).click();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  await panel.getByRole('button', { name: 'Take selfie' }).click();
  await panel.getByRole('button', { name: 'Send selfie' }).click();
  await expect(panel.getByRole('heading', { name: 'We are checking your selfie' })).toBeVisible();
  await expect(panel.getByText('Thank you! Your selfie has been sent.')).toBeVisible();

  // The moderator finds it among the verifications, beside the pose and the photos, and approves it.
  await logInOperator(page, site, 'moderator', 'Vera Verifier');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/operator/moderation');
  await page.getByRole('button', { name: 'Verifications', exact: true }).click();
  await page
    .getByRole('region', { name: 'Queue' })
    .getByRole('button', { name: new RegExp(`${member.name}.*Verification selfie`) })
    .click();
  const item = page.getByRole('region', { name: `Verification of ${member.name}` });
  const selfie = item.getByRole('img', { name: `Verification selfie of ${member.name}` });
  await expect(selfie).toBeVisible();
  await expect.poll(() => selfie.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(item.getByText('Pose asked for')).toBeVisible();
  // The decision moves the queue on to the next item, so the selfie's address is read first.
  const selfieAddress = (await selfie.getAttribute('src')) ?? '';
  expect(selfieAddress).not.toBe('');
  await page.keyboard.press('v');
  await expect(page.getByRole('status').filter({ hasText: 'Done: Approve verification.' })).toBeVisible();

  // The selfie is the moderators' only: the member's own browser gets nothing for its address.
  expect((await member.page.request.get(`${site}${selfieAddress}`)).status()).toBe(403);

  await member.page.reload();
  await waitForHydration(member.page);
  await expect(panel.getByRole('heading', { name: 'You are photo verified' })).toBeVisible();
  const mails = await member.page.request.get(
    `${site}/api/dev/outbox.php?to=${encodeURIComponent(member.email)}`,
  );
  expect(((await mails.json()) as { mails: { kind: string }[] }).mails.map((mail) => mail.kind)).toContain(
    'verification_decided',
  );

  // Another member filters the search to verified members and finds them with the badge.
  await viewer.page.setViewportSize({ width: 1280, height: 800 });
  await viewer.page.goto('/members');
  await waitForHydration(viewer.page);
  await viewer.page.getByRole('switch', { name: 'Photo-verified members only' }).check();
  await viewer.page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(viewer.page.getByRole('list', { name: 'Active filters' })).toContainText('Verified only');
  const card = viewer.page.getByRole('heading', { name: `${member.name}, 38 (Photo verified)` });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: 'Photo verified' })).toBeVisible();
  const names = await viewer.page
    .locator('.member-card-name')
    .evaluateAll((headings) => headings.map((heading) => heading.getAttribute('aria-label') ?? ''));
  expect(names.length).toBeGreaterThan(0);
  expect(names.every((name) => name.includes('(Photo verified)'))).toBe(true);

  // On the member's page the badge explains itself, by keyboard too.
  await card.click();
  await expect(viewer.page.getByRole('heading', { level: 1, name: `${member.name}, 38` })).toBeVisible();
  const badge = viewer.page.getByRole('button', { name: 'Photo verified' });
  await badge.focus();
  await viewer.page.keyboard.press('Enter');
  await expect(
    viewer.page.getByRole('status').filter({ hasText: 'took a selfie copying a pose' }),
  ).toBeAttached();
  await expect(viewer.page.locator('.verified-bubble')).toBeVisible();
  expect(await seriousViolations(viewer.page), 'the member page with the explanation').toEqual([]);
  await viewer.page.keyboard.press('Escape');
  await expect(viewer.page.locator('.verified-bubble')).toHaveCount(0);
  await expect(badge).toBeFocused();

  // And in the chat's top bar.
  await viewer.page.goto(`/members/${member.id}/chat`);
  await waitForHydration(viewer.page);
  await expect(
    viewer.page.locator('.chat-top-bar').getByRole('button', { name: 'Photo verified' }),
  ).toBeVisible();

  await member.page.context().close();
  await viewer.page.context().close();
});
