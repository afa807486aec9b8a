import type { Browser, Page } from '@playwright/test';
import { waitForHydration } from '../fixtures';
import { expect, test } from './fixtures';
import { memberInNewBrowser } from './member-accounts';

/** The country of these flows' members: no other flow signs members up there. */
const QUIET = 'NO';

/** The site whose members get credits on confirming their address (scripts/e2e-server.mjs). */
const creditSite = (baseURL: string) => {
  const url = new URL(baseURL);
  return `http://127.0.0.4:${url.port}`;
};

async function open(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** The member's credits as the app knows them. */
async function credits(page: Page) {
  const res = await page.request.get('/api/user.php');
  return ((await res.json()) as { user: { credits: number } }).user.credits;
}

/** What a message and a gift cost on the site. */
async function prices(page: Page) {
  const res = await page.request.get('/api/settings.php');
  return (await res.json()) as { message_credits: number; gift_credits: number };
}

/** Two members with credits, each in a browser of their own: Anna on a desktop, Bram on a phone. */
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
  await anna.page.setViewportSize({ width: 1280, height: 800 });
  await bram.page.setViewportSize({ width: 390, height: 844 });
  return { anna, bram };
}

test('an empty chat offers openers; a gift and a GIF reach the other member at once and cost credits', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const { anna, bram } = await twoMembers(browser, baseURL ?? '', 'extras');
  const { message_credits, gift_credits } = await prices(anna.page);
  const before = await credits(anna.page);

  // Bram waits in his empty chat list on his phone.
  await open(bram.page, '/chats');
  await expect(bram.page.getByText('No conversations yet')).toBeVisible();

  // The empty conversation offers the icebreakers by itself; an opener goes into the box.
  await open(anna.page, `/members/${bram.id}/chat`);
  const openers = anna.page.getByRole('dialog', { name: 'Break the ice' });
  await expect(openers).toBeVisible();
  const opener = openers.getByRole('listitem').first().getByRole('button');
  const openerText = (await opener.textContent()) ?? '';
  expect(openerText).not.toBe('');
  await opener.click();
  await expect(openers).toHaveCount(0);
  const box = anna.page.getByRole('textbox', { name: `Message to ${bram.name}` });
  await expect(box).toHaveValue(openerText);
  await expect(box).toBeFocused();

  // A gift from the composer's picker.
  const annasMessages = anna.page.getByRole('list', { name: `Messages with ${bram.name}` });
  await anna.page.getByRole('button', { name: 'Send a gift', exact: true }).click();
  const picker = anna.page.getByRole('dialog', { name: 'Send a gift' });
  await picker.getByTitle(`Send Rose for ${gift_credits} credits`).click();
  await expect(picker).toHaveCount(0);
  await expect(annasMessages.getByRole('img', { name: 'A gift' })).toBeVisible();
  await expect(anna.page.getByText('Sending…')).toHaveCount(0);

  // A GIF found by a word (one beyond the first page of popular ones).
  await anna.page.getByRole('button', { name: 'Send a GIF', exact: true }).click();
  const gifs = anna.page.getByRole('dialog', { name: 'Send a GIF' });
  await expect(gifs.getByText('Popular', { exact: true })).toBeVisible();
  const search = gifs.getByRole('searchbox', { name: 'Search GIFs' });
  await expect(search).toBeFocused();
  await search.fill('popcorn');
  await expect(gifs.getByText('Popular', { exact: true })).toHaveCount(0);
  await gifs.getByRole('button', { name: 'Send GIF: Popcorn' }).click();
  await expect(gifs).toHaveCount(0);
  await expect(annasMessages.getByRole('img', { name: 'Popcorn' })).toBeVisible();
  await expect(anna.page.getByText('Sending…')).toHaveCount(0);
  // The opener is still there to send.
  await expect(box).toHaveValue(openerText);

  // Both cost what they say.
  await expect.poll(() => credits(anna.page)).toBe(before - gift_credits - message_credits);

  // Bram's list shows the conversation without a reload; in it, both are there.
  const row = bram.page.getByRole('listitem').filter({ hasText: anna.name });
  await expect(row).toContainText('2 unread messages');
  await row.getByRole('link').first().click();
  const bramsMessages = bram.page.getByRole('list', { name: `Messages with ${anna.name}` });
  await expect(bramsMessages.getByRole('img', { name: 'A gift' })).toBeVisible();
  await expect(bramsMessages.getByRole('img', { name: 'Popcorn' })).toBeVisible();

  await anna.page.context().close();
  await bram.page.context().close();
});

test('a gift sent from a member page links to the conversation', async ({ browser, baseURL }) => {
  test.slow();
  const { anna, bram } = await twoMembers(browser, baseURL ?? '', 'giftpage');
  const { gift_credits } = await prices(anna.page);
  const before = await credits(anna.page);

  // Bram waits in his chat list on his phone; Anna sends a gift from his page.
  await open(bram.page, '/chats');
  await expect(bram.page.getByText('No conversations yet')).toBeVisible();
  await open(anna.page, `/members/${bram.id}`);
  await anna.page.getByRole('button', { name: 'Send a gift', exact: true }).click();
  const picker = anna.page.getByRole('dialog', { name: 'Send a gift' });
  await picker.getByTitle(`Send Rose for ${gift_credits} credits`).click();
  await expect(picker).toHaveCount(0);
  await expect(anna.page.getByText(`Gift sent to ${bram.name}`)).toBeVisible();
  await expect.poll(() => credits(anna.page)).toBe(before - gift_credits);

  const row = bram.page.getByRole('listitem').filter({ hasText: anna.name });
  await expect(row).toContainText('1 unread message');

  await anna.page.getByRole('link', { name: 'Go to your conversation' }).click();
  await expect(anna.page).toHaveURL(new RegExp(`/members/${bram.id}/chat$`));
  const annasMessages = anna.page.getByRole('list', { name: `Messages with ${bram.name}` });
  await expect(annasMessages.getByRole('img', { name: 'A gift' })).toBeVisible();
  // The conversation is no longer empty: no openers offered by themselves.
  await expect(anna.page.getByRole('dialog', { name: 'Break the ice' })).toHaveCount(0);

  await anna.page.context().close();
  await bram.page.context().close();
});
