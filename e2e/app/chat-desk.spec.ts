import type { Page } from '@playwright/test';
import { waitForHydration } from '../fixtures';
import { expect, test } from './fixtures';
import { memberInNewBrowser } from './member-accounts';
import { logInOperator } from './operators';

/** The site whose members get credits on confirming their address (scripts/e2e-server.mjs). */
const creditSite = (baseURL: string) => `http://127.0.0.4:${new URL(baseURL).port}`;

/** A fictional profile of the demo population, as the member's search finds it. */
async function fictionalProfile(page: Page, baseURL: string): Promise<{ id: number; name: string }> {
  for (let searchPage = 1; searchPage <= 10; searchPage += 1) {
    const res = await page.request.get(`${baseURL}/api/members.php?page=${searchPage}`);
    const body = (await res.json()) as {
      page: { results: { id: number; name: string; fictional: boolean }[] };
      hasMore: boolean;
    };
    const found = body.page.results.find((member) => member.fictional);
    if (found) return found;
    if (!body.hasMore) break;
  }
  throw new Error('the demo population has no fictional profile');
}

test('a chat operator takes a waiting conversation and answers as the fictional profile; the member reads it live', async ({
  browser,
  page,
  baseURL,
}) => {
  test.slow();
  const site = creditSite(baseURL ?? '');
  const member = await memberInNewBrowser(browser, site, { prefix: 'desk', gender: 'male', country: 'SE' });
  const profile = await fictionalProfile(member.page, site);

  // The member writes to the profile and stays in the conversation.
  await member.page.goto(`/members/${profile.id}/chat`);
  await waitForHydration(member.page);
  const openers = member.page.getByRole('dialog', { name: 'Break the ice' });
  await openers.getByRole('button', { name: 'Close' }).click();
  // The dialog gives the focus back as it closes: typing starts once it is gone.
  await expect(openers).toHaveCount(0);
  const box = member.page.getByRole('textbox', { name: `Message to ${profile.name}` });
  await box.fill('Hello there, what are you up to tonight?');
  await box.press('Enter');
  const messages = member.page.getByRole('list', { name: `Messages with ${profile.name}` });
  await expect(messages.getByText('Hello there, what are you up to tonight?')).toBeVisible();

  // The chat operator finds it in the queue, opens it with the keyboard and answers.
  await logInOperator(page, baseURL ?? '', 'chat_operator', 'Carla Desk');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/operator/desk');
  await expect(page.getByRole('heading', { level: 1, name: 'Chat desk' })).toBeVisible();
  const item = page.getByRole('button', { name: new RegExp(`${member.name}.*${profile.name}`) });
  await expect(item).toContainText('Hello there, what are you up to tonight?');
  await item.click();
  const conversation = page.getByRole('region', { name: `${profile.name} with ${member.name}` });
  await expect(conversation.getByRole('list', { name: 'Conversation' })).toContainText(
    'Hello there, what are you up to tonight?',
  );
  // The member's file: credits left after the message (1000 on confirming, 10 for the message).
  await expect(page.getByRole('complementary', { name: 'Member' })).toContainText('990');
  const answer = page.getByRole('textbox', { name: `Answer as ${profile.name}` });
  await expect(answer).toBeFocused();
  await answer.fill('Just got home, thinking of a glass of wine. You?');
  await answer.press('Control+Enter');
  await expect(page.getByText(`Sent to ${member.name}.`)).toBeVisible();
  await expect(item).toHaveCount(0);

  // The member sees the answer without reloading.
  await expect(messages.getByText('Just got home, thinking of a glass of wine. You?')).toBeVisible();
  await member.page.context().close();
});

test('two chat operators cannot hold the same conversation', async ({ browser, page, baseURL }) => {
  const site = creditSite(baseURL ?? '');
  const member = await memberInNewBrowser(browser, site, {
    prefix: 'desk2',
    gender: 'female',
    country: 'SE',
  });
  const profile = await fictionalProfile(member.page, site);
  const sent = await member.page.request.post(`${site}/api/chat.php`, {
    data: { kind: 'text', member: profile.id, client_key: `desk2-${Date.now()}`, text: 'Anyone there?' },
    headers: { origin: site },
  });
  expect(sent.status()).toBe(200);
  const { conversation } = (await sent.json()) as { conversation: { id: number } };
  await member.page.context().close();

  await logInOperator(page, baseURL ?? '', 'chat_operator', 'Dora');
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await logInOperator(otherPage, baseURL ?? '', 'chat_operator', 'Eli');
  await page.goto('/operator/desk');
  await page.getByRole('button', { name: new RegExp(`${member.name}.*${profile.name}`) }).click();
  await expect(page.getByRole('textbox', { name: `Answer as ${profile.name}` })).toBeVisible();

  await otherPage.goto('/operator/desk');
  const held = otherPage.getByRole('button', { name: new RegExp(`${member.name}.*${profile.name}`) });
  await expect(held).toContainText('Dora');
  await held.click();
  await expect(otherPage.getByText('Another operator is answering this conversation.')).toBeVisible();
  const direct = await otherPage.request.post(`${baseURL}/api/operator/desk-claim.php`, {
    data: { conversationId: conversation.id },
    headers: { origin: baseURL ?? '' },
  });
  expect(direct.status()).toBe(409);
  await other.close();
});
