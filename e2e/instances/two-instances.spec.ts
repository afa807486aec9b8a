// Two app instances on one PostgreSQL and one Redis (scripts/e2e-server.mjs --instances 2), as two
// machines behind a proxy without sticky sessions would be: what a member does through one is seen
// at once by a member whose tab is on the other.
import type { Page } from '@playwright/test';
import { waitForHydration } from '../fixtures';
import { expect, test } from '../app/fixtures';
import { memberInNewBrowser } from '../app/member-accounts';
import { logInOperator } from '../app/operators';

/** The country of these flows' members. */
const QUIET = 'NO';

/** Instance A serves on the project's port, instance B on the next; `host` picks the site. */
function instances(baseURL: string | undefined, host = 'localhost') {
  const url = new URL(baseURL ?? '');
  const port = Number(url.port);
  return { a: `http://${host}:${port}`, b: `http://${host}:${port + 1}` };
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

test.beforeAll(async ({ request, baseURL }) => {
  // Both instances answer (the server waits for the second one only).
  const { a, b } = instances(baseURL);
  for (const url of [a, b]) {
    await expect.poll(async () => (await request.get(`${url}/api/settings.php`)).status()).toBe(200);
  }
});

test('a message sent through instance A appears live in a tab on instance B', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  // The site whose members get credits on confirming their address.
  const { a, b } = instances(baseURL, '127.0.0.4');
  const anna = await memberInNewBrowser(browser, a, { prefix: 'insta', gender: 'female', country: QUIET });
  const bram = await memberInNewBrowser(browser, b, { prefix: 'instb', gender: 'male', country: QUIET });

  await open(bram.page, '/chats');
  await expect(bram.page.getByText('No conversations yet')).toBeVisible();
  await open(anna.page, `/members/${bram.id}/chat`);
  const openers = anna.page.getByRole('dialog', { name: 'Break the ice' });
  await openers.getByRole('button', { name: 'Close' }).click();
  const box = anna.page.getByRole('textbox', { name: `Message to ${bram.name}` });
  await box.fill('Hello from the other machine');
  // The send button is enabled once the composer holds the words (a busy machine may take a moment).
  await anna.page
    .getByRole('form', { name: 'Write a message' })
    .getByRole('button', { name: 'Send', exact: true })
    .click();
  await expect(
    anna.page
      .getByRole('list', { name: `Messages with ${bram.name}` })
      .getByText('Hello from the other machine'),
  ).toBeVisible();

  // Bram's list on instance B shows it without a reload.
  const row = bram.page.getByRole('listitem').filter({ hasText: anna.name });
  await expect(row).toContainText('Hello from the other machine', { timeout: 2_000 });
  await expect(row).toContainText('1 unread message');

  await anna.page.context().close();
  await bram.page.context().close();
});

test('a like through instance A updates the likes badge in a tab on instance B', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const { a, b } = instances(baseURL);
  const anna = await memberInNewBrowser(browser, a, { prefix: 'likea', gender: 'female', country: QUIET });
  const bram = await memberInNewBrowser(browser, b, { prefix: 'likeb', gender: 'male', country: QUIET });

  await open(bram.page, '/likes');
  const badge = bram.page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /Likes/ });
  await expect(badge).not.toContainText('1');

  await open(anna.page, `/members/${bram.id}`);
  await anna.page.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(anna.page.getByRole('button', { name: 'Liked' })).toHaveAttribute('aria-pressed', 'true');

  await expect(badge).toContainText('1', { timeout: 3_000 });

  await anna.page.context().close();
  await bram.page.context().close();
});

test('a member’s own like and take-back through instance A are in their likes read through instance B at once', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const { a, b } = instances(baseURL);
  const anna = await memberInNewBrowser(browser, a, { prefix: 'ownl', gender: 'female', country: QUIET });
  const bram = await memberInNewBrowser(browser, b, { prefix: 'ownb', gender: 'male', country: QUIET });
  const request = anna.page.request;
  const likedOnB = async () => {
    const res = await request.get(`${b}/api/likes.php`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as { profiles: { id: number }[] }).profiles.some((p) => p.id === bram.id);
  };
  // B keeps Anna's likes between her reads; each change through A is in the very next read on B.
  expect(await likedOnB()).toBe(false);
  const like = await request.post(`${a}/api/like.php`, { data: { member: bram.id }, headers: { origin: a } });
  expect(like.status()).toBe(200);
  expect(await likedOnB()).toBe(true);
  const unlike = await request.delete(`${a}/api/like.php`, {
    data: { member: bram.id },
    headers: { origin: a },
  });
  expect(unlike.status()).toBe(204);
  expect(await likedOnB()).toBe(false);
  await anna.page.context().close();
  await bram.page.context().close();
});

test('the hourly likes spent through instance A are spent on instance B', async ({ browser, baseURL }) => {
  test.slow();
  const { a, b } = instances(baseURL);
  // The instances allow 3 likes an hour (E2E_LIKES_PER_HOUR).
  const liker = await memberInNewBrowser(browser, a, { prefix: 'limit', gender: 'female', country: QUIET });
  const liked = [];
  for (let i = 0; i < 4; i += 1) {
    const member = await memberInNewBrowser(browser, a, {
      prefix: `limited${i}`,
      gender: 'male',
      country: QUIET,
    });
    liked.push(member.id);
    await member.page.context().close();
  }
  const like = (base: string, member: number) =>
    liker.page.request.post(`${base}/api/like.php`, { data: { member }, headers: { origin: base } });
  for (const member of liked.slice(0, 3)) expect((await like(a, member ?? 0)).status()).toBe(200);
  const refused = await like(b, liked[3] ?? 0);
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
  await liker.page.context().close();
});

test('a settings change through instance A is seen on instance B at once', async ({
  page,
  request,
  baseURL,
}) => {
  const { a } = instances(baseURL);
  // The site on 127.0.0.5: no other flow of this project reads it.
  const site = instances(baseURL, '127.0.0.5');
  const settingsOnB = async () =>
    ((await (await request.get(`${site.b}/api/settings.php`)).json()) as { message_credits: number })
      .message_credits;
  // Instance B has the site's settings cached.
  const before = await settingsOnB();
  expect(await settingsOnB()).toBe(before);

  await logInOperator(page, a, 'admin');
  const overview = await page.request.get(`${a}/api/operator/sites.php`);
  const { sites } = (await overview.json()) as { sites: { id: number; domain: string }[] };
  const target = sites.find((s) => s.domain === '127.0.0.5');
  const changed = await page.request.put(`${a}/api/operator/site.php`, {
    data: { site: target?.id, changes: { message_credits: before + 7 } },
    headers: { origin: a },
  });
  expect(changed.status()).toBe(200);

  // Not after the cache's minute: as soon as the bus carried the change (a moment).
  await expect.poll(settingsOnB, { timeout: 2_000 }).toBe(before + 7);
});
