import fs from 'node:fs/promises';
import { unzipSync, strFromU8 } from 'fflate';
import sharp from 'sharp';
import { waitForHydration } from '../fixtures';
import { expect, test } from './fixtures';
import { memberInNewBrowser } from './member-accounts';

/** The country of these flows' members: no other flow signs members up there. */
const QUIET = 'FI';

/** The site whose members get credits on confirming their address (scripts/e2e-server.mjs). */
const creditSite = (baseURL: string) => `http://127.0.0.4:${new URL(baseURL).port}`;

test('a member downloads a copy of their data from the settings: messages both ways and the photo', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const url = creditSite(baseURL ?? '');
  const anna = await memberInNewBrowser(browser, url, {
    prefix: 'exporta',
    gender: 'female',
    country: QUIET,
  });
  const bram = await memberInNewBrowser(browser, url, { prefix: 'exportb', gender: 'male', country: QUIET });

  const photo = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#c56b8b' } })
    .png()
    .toBuffer();
  const uploaded = await anna.page.request.post('/api/photo.php', {
    multipart: { photo: { name: 'me.png', mimeType: 'image/png', buffer: photo } },
    headers: { origin: url },
  });
  expect(uploaded.status()).toBe(201);
  const send = async (from: typeof anna, to: number, text: string) => {
    const res = await from.page.request.post('/api/chat.php', {
      data: { kind: 'text', member: to, client_key: `export-${Date.now()}-${to}`, text },
      headers: { origin: url },
    });
    expect(res.status()).toBe(200);
  };
  await send(anna, bram.id, 'Hello Bram, this is Anna');
  await send(bram, anna.id, 'Hi Anna, Bram here');

  const page = anna.page;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings');
  await waitForHydration(page);
  const section = page.getByRole('region', { name: 'Your data' });
  await section.getByRole('button', { name: 'Request a copy of my data' }).click();
  await expect(section.getByRole('status')).toContainText(/being prepared|ready/);
  const download = section.getByRole('button', { name: 'Download my data (ZIP)' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(section).toContainText('You can download it until');
  // Asking again the same day is refused, and the page says when it is possible again.
  await expect(section.getByRole('button', { name: 'Request a copy of my data' })).toHaveCount(0);
  await expect(section).toContainText('You can request a new copy from');

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^my-data-\d{4}-\d\d-\d\d\.zip$/);
  const files = unzipSync(new Uint8Array(await fs.readFile(await file.path())));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.txt', 'messages.json', 'photos.json']));

  const conversations = JSON.parse(strFromU8(files['messages.json'] ?? new Uint8Array())) as {
    with: { id: number; name: string };
    messages: { direction: string; text: string | null }[];
  }[];
  const withBram = conversations.find((conversation) => conversation.with.id === bram.id);
  expect(withBram?.with.name).toBe(bram.name);
  expect(withBram?.messages).toEqual([
    expect.objectContaining({ direction: 'sent', text: 'Hello Bram, this is Anna' }),
    expect.objectContaining({ direction: 'received', text: 'Hi Anna, Bram here' }),
  ]);

  // The photo in the archive is the very file the app shows.
  const photos = JSON.parse(strFromU8(files['photos.json'] ?? new Uint8Array())) as { file: string }[];
  const own = (await (await page.request.get('/api/photos.php')).json()) as {
    photos: { image: { filename: string } }[];
  };
  const shown = await page.request.get(`/cdn/${own.photos[0]?.image.filename ?? ''}`);
  expect(shown.status()).toBe(200);
  expect(Buffer.from(files[photos[0]?.file ?? ''] ?? new Uint8Array())).toEqual(await shown.body());

  expect(JSON.parse(strFromU8(files['account.json'] ?? new Uint8Array()))).toMatchObject({
    email: anna.email,
  });
  // The copy stays downloadable (a new one-time link per click) until it expires.
  await expect(download).toBeEnabled();
  await bram.page.context().close();
  await page.context().close();
});
