import type { Locator, Page } from '@playwright/test';
import { waitForHydration } from '../fixtures';
import { expect, test } from './fixtures';
import { memberInNewBrowser } from './member-accounts';
import { seriousViolations } from './axe';

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/** The name of the member on top of the stack, read from the like button's accessible name. */
async function topName(page: Page): Promise<string> {
  const like = page.getByRole('button', { name: /^Like / });
  await expect(like).toBeEnabled();
  return ((await like.getAttribute('aria-label')) ?? '').replace(/^Like /, '');
}

/** Drags the top card sideways with the mouse (or a finger's pointer) and lets go. */
async function drag(page: Page, card: Locator, distance: number) {
  const box = await card.boundingBox();
  if (!box) throw new Error('the top card is not on the screen');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + distance / 2, y + 5, { steps: 6 });
  await page.mouse.move(x + distance, y + 10, { steps: 6 });
  await page.mouse.up();
}

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test(`the swipe game stops a free member after 4 likes (${device})`, async ({ browser, baseURL }) => {
    test.slow();
    const member = await memberInNewBrowser(browser, baseURL ?? '', { prefix: 'swiper', gender: 'female' });
    const { page } = member;
    await page.setViewportSize(viewport);

    // The way in: from the likes overview.
    await page.goto('/likes');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Swipe game' }).click();
    await expect(page).toHaveURL(/\/swipe-game$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Swipe game' })).toBeVisible();
    await expect(page.getByText('4 likes left today')).toBeVisible();
    const stack = page.getByRole('region', { name: /Cards to swipe/ });
    await expect(stack).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // A pass and a like by dragging the card, then likes with the heart button.
    const passed = await topName(page);
    await drag(page, stack, -220);
    await expect(page.getByRole('status').filter({ hasText: `Passed ${passed}` })).toBeAttached();
    const dragged = await topName(page);
    await drag(page, stack, 240);
    await expect(page.getByRole('status').filter({ hasText: `Liked ${dragged}` })).toBeAttached();
    await expect(page.getByText('3 likes left today')).toBeVisible();
    for (const left of ['2 likes left today', '1 like left today']) {
      const name = await topName(page);
      await page.getByRole('button', { name: `Like ${name}` }).click();
      await expect(page.getByRole('status').filter({ hasText: `Liked ${name}` })).toBeAttached();
      await expect(page.getByText(left)).toBeVisible();
    }
    const last = await topName(page);
    await page.getByRole('button', { name: `Like ${last}` }).click();

    // The fourth like ends today's game, friendly, with the time until new likes and premium.
    const done = page.getByRole('region', { name: "That's all for today" });
    await expect(done).toBeVisible();
    await expect(done).toContainText("You have used today's 4 likes. New likes arrive at midnight.");
    await expect(done.getByText(/^New likes in \d+:\d\d:\d\d$/)).toBeVisible();
    await expect(done).toContainText('Premium members like as many people as they want');
    await expect(page.getByText('No likes left today')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Like / })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The server keeps count: the stop is still there after a reload, and the likes are real likes.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('region', { name: "That's all for today" })).toBeVisible();
    await page.goto('/likes/sent');
    await waitForHydration(page);
    for (const name of [dragged, last]) {
      await expect(page.getByRole('listitem').filter({ hasText: name })).toBeVisible();
    }
    await expect(page.getByRole('listitem').filter({ hasText: passed })).toHaveCount(0);
    await page.context().close();
  });
}

test('the swipe game plays with the keyboard alone', async ({ browser, baseURL }) => {
  test.slow();
  const member = await memberInNewBrowser(browser, baseURL ?? '', { prefix: 'keys', gender: 'male' });
  const { page } = member;
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.goto('/swipe-game');
  await waitForHydration(page);
  const stack = page.getByRole('region', { name: /Cards to swipe/ });
  await expect(stack).toBeVisible();

  // Tab reaches the stack; the arrow keys play the card on top.
  for (let i = 0; i < 40 && !(await stack.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(stack).toBeFocused();
  const first = await topName(page);
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('status').filter({ hasText: `Passed ${first}` })).toBeAttached();
  const second = await topName(page);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('status').filter({ hasText: `Liked ${second}` })).toBeAttached();
  await expect(page.getByText('3 likes left today')).toBeVisible();
  await expect(stack).toBeFocused();

  // The buttons work from the keyboard too: past the profile link, pass and like.
  const third = await topName(page);
  const passButton = page.getByRole('button', { name: `Pass ${third}` });
  for (let i = 0; i < 5 && !(await passButton.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(passButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Passed ${third}` })).toBeAttached();
  const fourth = await topName(page);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: `Like ${fourth}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Liked ${fourth}` })).toBeAttached();
  await expect(page.getByText('2 likes left today')).toBeVisible();
  await page.context().close();
});
