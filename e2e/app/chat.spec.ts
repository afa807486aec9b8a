import type { Browser, Page } from '@playwright/test';
import { waitForHydration } from '../fixtures';
import { expect, test } from './fixtures';
import { memberInNewBrowser } from './member-accounts';

/** The country of these flows' members: no other flow signs members up there. */
const QUIET = 'FI';

/** The site whose members get credits on confirming their address (scripts/e2e-server.mjs). */
const creditSite = (baseURL: string) => {
  const url = new URL(baseURL);
  return `http://127.0.0.4:${url.port}`;
};

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** An empty conversation offers the icebreakers by itself: they are turned down to write freely. */
async function declineIcebreakers(page: Page) {
  const openers = page.getByRole('dialog', { name: 'Break the ice' });
  await openers.getByRole('button', { name: 'Close' }).click();
  await expect(openers).toHaveCount(0);
}

/** Two members with credits, each in a browser of their own. */
async function twoMembers(browser: Browser, baseURL: string, prefix: string) {
  const url = creditSite(baseURL);
  const anna = await memberInNewBrowser(browser, url, {
    prefix: `${prefix}a`,
    gender: 'female',
    country: QUIET,
  });
  const bram = await memberInNewBrowser(browser, url, {
    prefix: `${prefix}b`,
    gender: 'male',
    country: QUIET,
  });
  return { anna, bram };
}

test('a message reaches the other member at once; reading it shows as seen', async ({ browser, baseURL }) => {
  test.slow();
  const { anna, bram } = await twoMembers(browser, baseURL ?? '', 'chat');
  await anna.page.setViewportSize({ width: 1280, height: 800 });
  await bram.page.setViewportSize({ width: 390, height: 844 });

  // Bram waits on his (empty) chat list; Anna opens the chat from his profile.
  await open(bram.page, '/chats');
  await expect(bram.page.getByText('No conversations yet')).toBeVisible();
  await open(anna.page, `/members/${bram.id}`);
  await anna.page.getByRole('link', { name: 'Message', exact: true }).click();
  await expect(anna.page).toHaveURL(new RegExp(`/members/${bram.id}/chat$`));
  await expect(anna.page.getByText('1 message = 10 credits', { exact: false })).toBeVisible();
  await declineIcebreakers(anna.page);
  const box = anna.page.getByRole('textbox', { name: `Message to ${bram.name}` });
  await box.fill('Hi Bram, fancy a coffee?');
  await box.press('Enter');
  const annasMessages = anna.page.getByRole('list', { name: `Messages with ${bram.name}` });
  const sent = annasMessages.getByRole('listitem').filter({ hasText: 'Hi Bram, fancy a coffee?' });
  await expect(sent).toBeVisible();
  await expect(box).toHaveValue('');

  // Bram's list, badge and title show it without a reload.
  const row = bram.page.getByRole('listitem').filter({ hasText: anna.name });
  await expect(row).toContainText('Hi Bram, fancy a coffee?', { timeout: 2_000 });
  await expect(row).toContainText('1 unread message');
  await expect(bram.page).toHaveTitle(/^\(1\) /);
  const tab = bram.page
    .getByRole('navigation', { name: 'Main places' })
    .getByRole('link', { name: /Messages/ });
  await expect(tab).toContainText('1');

  // He opens it: read, the counts go, and Anna sees "Seen" under her message.
  await row.getByRole('link').first().click();
  await expect(bram.page).toHaveURL(/\/chats\/\d+$/);
  const bramsMessages = bram.page.getByRole('list', { name: `Messages with ${anna.name}` });
  await expect(bramsMessages.getByText('Hi Bram, fancy a coffee?')).toBeVisible();
  await expect(sent.getByText('Seen', { exact: true })).toBeVisible({ timeout: 2_000 });
  await expect(bram.page).toHaveTitle(/^(?!\(\d+\) )/);

  // His reply reaches Anna's open conversation at once.
  await bram.page.getByRole('textbox', { name: `Message to ${anna.name}` }).fill('Sure, Saturday?');
  await bram.page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(annasMessages.getByText('Sure, Saturday?')).toBeVisible({ timeout: 2_000 });

  // On the phone the conversation fills the screen: top bar at the top, composer at the bottom.
  const bar = await bram.page.locator('.chat-top-bar').boundingBox();
  const footer = await bram.page.locator('.chat-footer').boundingBox();
  expect(bar?.y).toBeLessThan(5);
  expect((footer?.y ?? 0) + (footer?.height ?? 0)).toBeGreaterThan(844 - 5);
  expect((footer?.y ?? 0) + (footer?.height ?? 0)).toBeLessThanOrEqual(844 + 1);
  await expect(bram.page.getByRole('navigation', { name: 'Main places' })).toHaveCount(0);

  await anna.page.context().close();
  await bram.page.context().close();
});

test('removing a chat takes it away; a failed removal says why and brings it back', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const { anna, bram } = await twoMembers(browser, baseURL ?? '', 'chatrm');
  await anna.page.setViewportSize({ width: 1280, height: 800 });
  await open(anna.page, `/members/${bram.id}/chat`);
  await declineIcebreakers(anna.page);
  const box = anna.page.getByRole('textbox', { name: `Message to ${bram.name}` });
  await box.fill('Hello there');
  await box.press('Enter');
  // Exactly the message: the list beside it (wide screens) previews it as "You: Hello there".
  await expect(anna.page.getByText('Hello there', { exact: true })).toBeVisible();
  await expect(anna.page.getByText('Sending…')).toHaveCount(0);

  // The server refuses once: the browser says why, and the chat is listed again.
  await open(anna.page, '/chats');
  const row = anna.page.getByRole('listitem').filter({ hasText: bram.name });
  await expect(row).toBeVisible();
  await anna.page.route('**/api/chat.php', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'internal_error', message: 'Could not remove it now.' } }),
        })
      : route.fallback(),
  );
  const dialogMessage = new Promise<string>((resolve) =>
    anna.page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    }),
  );
  await row.getByRole('button', { name: `Options for the conversation with ${bram.name}` }).click();
  await anna.page.getByRole('button', { name: 'Remove chat' }).click();
  await anna.page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  expect(await dialogMessage).toBe('Could not remove it now.');
  await expect(row).toBeVisible();

  // Without the failure it goes for good. The list drops it at once; the page is loaded anew only
  // once the server has answered, or the reload could cut the removal off before it is sent.
  await anna.page.unroute('**/api/chat.php');
  await row.getByRole('button', { name: `Options for the conversation with ${bram.name}` }).click();
  await anna.page.getByRole('button', { name: 'Remove chat' }).click();
  const removed = anna.page.waitForResponse(
    (res) => res.url().includes('/api/chat.php') && res.request().method() === 'DELETE',
  );
  await anna.page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(row).toHaveCount(0);
  expect((await removed).status()).toBe(204);
  await expect(anna.page.getByText('No conversations yet')).toBeVisible();
  await open(anna.page, '/chats');
  await expect(anna.page.getByText('No conversations yet')).toBeVisible();

  await anna.page.context().close();
  await bram.page.context().close();
});

test('a new member writes with the welcome credits; once they are spent, sending keeps the message and says how to get credits', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const url = baseURL ?? '';
  // Members of the default site get its welcome credits on confirming their address.
  const anna = await memberInNewBrowser(browser, url, {
    prefix: 'nocredit',
    gender: 'female',
    country: QUIET,
  });
  const bram = await memberInNewBrowser(browser, url, {
    prefix: 'nocreditb',
    gender: 'male',
    country: QUIET,
  });
  const credits = async () => {
    const res = await anna.page.request.get(`${url}/api/user.php`);
    return ((await res.json()) as { user: { credits: number } }).user.credits;
  };
  const { message_credits: price } = (await (
    await anna.page.request.get(`${url}/api/settings.php`)
  ).json()) as {
    message_credits: number;
  };
  const welcome = await credits();
  expect(welcome).toBeGreaterThanOrEqual(price);

  // The first message goes out on them.
  await open(anna.page, `/members/${bram.id}/chat`);
  await declineIcebreakers(anna.page);
  const messages = anna.page.getByRole('list', { name: `Messages with ${bram.name}` });
  const box = anna.page.getByRole('textbox', { name: `Message to ${bram.name}` });
  await box.fill('Hello Bram');
  await box.press('Enter');
  await expect(messages.getByRole('listitem').filter({ hasText: 'Hello Bram' })).toBeVisible();
  await expect(box).toHaveValue('');
  await expect.poll(credits).toBe(welcome - price);

  // She spends the rest (as the API does it, to be quick about it).
  for (let n = 1; (await credits()) >= price; n += 1) {
    const res = await anna.page.request.post(`${url}/api/chat.php`, {
      data: { kind: 'text', member: bram.id, client_key: `spend-${Date.now()}-${n}`, text: `More ${n}` },
      headers: { origin: url },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }

  await box.fill('Are you there?');
  await box.press('Enter');
  const prompt = anna.page.getByRole('alert').filter({ hasText: 'You do not have enough credits' }).first();
  await expect(prompt).toBeVisible();
  const bubble = messages.getByRole('listitem').filter({ hasText: 'Are you there?' });
  await expect(bubble.getByRole('button', { name: 'Try again' })).toBeVisible();
  // The way to buy them: the credits page.
  await expect(anna.page.getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/credits');

  await anna.page.context().close();
  await bram.page.context().close();
});

test('a visitor opening a chat is asked to sign up', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/members/1/chat');
  await expect(page.getByText('Sign up to chat')).toBeVisible();
  await page.getByRole('link', { name: 'Sign up for free' }).click();
  await expect(page).toHaveURL(/\/signup/);
});
