import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seriousViolations } from './axe';

// Five ad-campaign landers of real members: tinderswipe, alonetonight, collagelanding, iconslanding
// and socialnetwork, on a phone and a desktop.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SIGNUP_TITLE = 'Sign up for free';

type Lander = 'tinderswipe' | 'alonetonight' | 'collagelanding' | 'iconslanding' | 'socialnetwork';

/** Where each lander names its members ("Name, age"), and its first call to sign up. */
const LANDERS: Record<Lander, { names: (page: Page) => Locator; signup: RegExp }> = {
  tinderswipe: {
    names: (page) => page.getByTestId('tinderswipe-card').getByRole('heading', { level: 2 }),
    signup: /^Sign up for free$/,
  },
  alonetonight: {
    names: (page) => page.locator('.night-grid .lander-tile-name'),
    signup: /^Find company tonight$/,
  },
  collagelanding: {
    names: (page) => page.locator('.collage-tile .lander-tile-name'),
    signup: /^Join for free$/,
  },
  iconslanding: {
    names: (page) => page.locator('.icons-strip .lander-tile-name'),
    signup: /^Sign up for free$/,
  },
  socialnetwork: {
    names: (page) => page.getByTestId('social-post').getByRole('heading', { level: 2 }),
    signup: /^Sign up for free$/,
  },
};

/** The member's name of a caption "Name, 34". */
const nameOf = (caption: string) => caption.replace(/,\s*\d+\s*$/, '').trim();

/** The names of the members a logged-out visitor finds in the search of the Netherlands (the visitor's country here). */
async function searchableNames(request: APIRequestContext): Promise<Set<string>> {
  const names = new Set<string>();
  for (let page = 1; page <= 10; page += 1) {
    const response = await request.get(`/api/members.php?country=NL&page=${page}`);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as { page: { results: { name: string }[] }; hasMore: boolean };
    for (const member of body.page.results) names.add(member.name);
    if (!body.hasMore) break;
  }
  return names;
}

/** Checks that the lander shows real members, each named, and the fictional notice with any fictional one. */
async function expectRealMembers(page: Page, lander: Lander, known: Set<string>) {
  const captions = LANDERS[lander].names(page);
  await expect(captions.first()).toBeVisible();
  const shown = (await captions.allInnerTexts()).map(nameOf);
  expect(shown.length).toBeGreaterThan(0);
  for (const name of shown) {
    expect(name).not.toBe('');
    expect(known, `${lander} shows ${name}`).toContain(name);
  }
  if ((await page.locator('.lander-fictional').count()) > 0)
    await expect(page.getByTestId('fictional-notice')).toBeVisible();
}

/** The desktop's signup dialog over the lander, its first step loaded in its frame. */
async function expectSignupDialog(page: Page) {
  const dialog = page.getByRole('dialog', { name: SIGNUP_TITLE });
  await expect(dialog).toBeVisible();
  await expect(dialog.frameLocator('iframe').getByRole('heading', { name: 'Who are you?' })).toBeVisible();
}

for (const screen of ['phone', 'desktop'] as const) {
  test.describe(`landers on a ${screen}`, () => {
    test.use(
      screen === 'phone' ? { viewport: PHONE, isMobile: true, hasTouch: true } : { viewport: DESKTOP },
    );

    for (const lander of Object.keys(LANDERS) as Lander[]) {
      test(`${lander}: real members, and the signup ${screen === 'phone' ? 'page' : 'dialog'}`, async ({
        page,
        request,
      }) => {
        const known = await searchableNames(request);
        // On the desktop the campaign variant is one the site does not know: the lander renders all the same.
        const path =
          screen === 'desktop' && lander !== 'tinderswipe'
            ? `/landers/${lander}/no-such-campaign-42`
            : `/landers/${lander}`;
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page).toHaveTitle(/.+/);
        expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
        await expectRealMembers(page, lander, known);
        if (screen === 'desktop') expect(await seriousViolations(page), lander).toEqual([]);

        await page.getByRole('link', { name: LANDERS[lander].signup }).first().click();
        if (screen === 'desktop') {
          await expectSignupDialog(page);
          await expect(page).toHaveURL(new RegExp(`/landers/${lander}`));
          // The dialog closes again, and the visitor is back on the lander.
          const dialog = page.getByRole('dialog', { name: SIGNUP_TITLE });
          await dialog.getByRole('button', { name: 'Close' }).click();
          await expect(dialog).toBeHidden();
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        } else {
          await expect(page).toHaveURL(/\/signup$/);
        }
      });
    }
  });
}

test('a lander path of two segments, and tinderswipe with any, is the 404 page', async ({ page }) => {
  // A fresh tab: the 404 page has no islands to wait for.
  const tab = await page.context().newPage();
  for (const path of [
    '/landers/alonetonight/a/b',
    '/landers/socialnetwork/x/y',
    '/landers/tinderswipe/amsterdam',
  ]) {
    const response = await tab.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(tab.getByRole('heading', { level: 1, name: 'This page could not be found' })).toBeVisible();
  }
});

test('alonetonight shows only members who are online now, or says nobody is', async ({ page }) => {
  await page.goto('/landers/alonetonight');
  const title = page.getByTestId('night-members-title');
  const tiles = page.locator('.night-grid li');
  await expect(tiles.first()).toBeVisible();
  if ((await title.innerText()).includes('Online now')) {
    await expect(tiles.getByRole('img', { name: 'Online now' })).toHaveCount(await tiles.count());
  } else {
    await expect(title).toHaveText('Recently active');
  }
});

test.describe('tinderswipe', () => {
  const topName = async (page: Page) =>
    nameOf(await page.getByTestId('tinderswipe-card').getByRole('heading', { level: 2 }).innerText());

  test.describe('on a desktop', () => {
    test.use({ viewport: DESKTOP });

    test('pass, drag and the arrow keys show the next member; a like asks to sign up', async ({ page }) => {
      await page.goto('/landers/tinderswipe');
      const first = await topName(page);
      await page.getByRole('button', { name: `Pass ${first}` }).click();
      await expect.poll(() => topName(page)).not.toBe(first);

      const second = await topName(page);
      const card = page.getByTestId('tinderswipe-card');
      const box = await card.boundingBox();
      expect(box).not.toBeNull();
      if (box) {
        // A drag to the left passes too.
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width / 2 - 80, box.y + box.height / 2, { steps: 4 });
        await page.mouse.move(box.x + box.width / 2 - 200, box.y + box.height / 2, { steps: 4 });
        await page.mouse.up();
      }
      await expect.poll(() => topName(page)).not.toBe(second);

      const third = await topName(page);
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => topName(page)).not.toBe(third);

      const fourth = await topName(page);
      await page.keyboard.press('ArrowRight');
      await expectSignupDialog(page);
      await expect(page.getByTestId('tinderswipe-card').getByText(`Sign up to like ${fourth}`)).toBeVisible();
      // Closed without signing up: the question stays, and the visitor may swipe on.
      await page.getByRole('dialog', { name: SIGNUP_TITLE }).getByRole('button', { name: 'Close' }).click();
      await page.getByRole('button', { name: 'Keep swiping' }).click();
      await expect.poll(() => topName(page)).not.toBe(fourth);
    });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

    test('like leads to the signup page; with reduced motion, pass goes through the deck to the call to sign up', async ({
      page,
    }) => {
      await page.goto('/landers/tinderswipe');
      await page.getByRole('button', { name: `Like ${await topName(page)}` }).click();
      await expect(page).toHaveURL(/\/signup$/);

      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto('/landers/tinderswipe');
      const end = page.getByRole('heading', { name: "You've seen everyone here for now" });
      for (let card = 0; card < 20 && !(await end.isVisible()); card += 1) {
        const pass = page.getByRole('button', { name: `Pass ${await topName(page)}` });
        await pass.click();
        await expect(pass).toHaveCount(0);
      }
      await expect(end).toBeVisible();
      await page.getByRole('link', { name: 'See everyone – free' }).click();
      await expect(page).toHaveURL(/\/signup$/);
    });
  });
});
