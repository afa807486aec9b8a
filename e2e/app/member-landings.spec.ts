import sharp from 'sharp';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { uniqueEmail, uniqueTag } from '../../tests/factories/unique';
import { expect, test } from './fixtures';
import { activationLink, memberInNewBrowser, PASSWORD } from './member-accounts';
import { seriousViolations } from './axe';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

interface LandingMember {
  id: number;
  name: string;
  age: number;
}

/**
 * A confirmed member with a main photo and a second one, in Utrecht, whose landings a visitor opens;
 * their own browser is closed again. The age is the one a visitor's API answer gives.
 */
async function landingMember(browser: Browser, baseURL: string, request: APIRequestContext) {
  const member = await memberInNewBrowser(browser, baseURL, { prefix: 'landing', country: 'NL' });
  for (const color of ['#c58b6b', '#6b8bc5']) {
    const photo = await sharp({ create: { width: 480, height: 640, channels: 3, background: color } })
      .png()
      .toBuffer();
    const uploaded = await member.page.request.post('/api/photo.php', {
      multipart: { photo: { name: 'me.png', mimeType: 'image/png', buffer: photo } },
      headers: { origin: baseURL },
    });
    expect(uploaded.status()).toBe(201);
  }
  const saved = await member.page.request.put('/api/profile.php', {
    data: { city: 'Utrecht', relationship_status: 'single' },
    headers: { origin: baseURL },
  });
  expect(saved.status()).toBe(200);
  await member.page.context().close();
  const detail = await request.get(`/api/member.php?id=${member.id}`);
  expect(detail.status()).toBe(200);
  const { age } = (await detail.json()) as { age: number };
  return { id: member.id, name: member.name, age } satisfies LandingMember;
}

/** The four landings of a member, each with its main call and where it leads after signing up. */
const landings = (member: LandingMember) => [
  { path: `/members/${member.id}/signup`, cta: `Sign up and write to ${member.name}`, next: 'chat' },
  { path: `/members/${member.id}/landing`, cta: `Like ${member.name}`, next: 'profile' },
  { path: `/members/${member.id}/landing2`, cta: `Get to know ${member.name}`, next: 'profile' },
  { path: `/members/${member.id}/landing3`, cta: `Say hello to ${member.name}`, next: 'chat' },
];

/** The member's name, age and main photo (loaded) are on the page. */
async function expectMember(page: Page, member: LandingMember) {
  await expect(page.getByText(`${member.name}, ${member.age}`, { exact: true }).first()).toBeVisible();
  const photo = page.getByRole('img', { name: `Photo of ${member.name}` });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

async function expectNotFound(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(404);
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
}

test.describe('member landings', () => {
  test('each landing shows the member on a phone, and its signup leads to the signup page', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.slow();
    const member = await landingMember(browser, baseURL ?? '', request);
    await page.setViewportSize(PHONE);
    for (const landing of landings(member)) {
      const response = await page.goto(landing.path);
      expect(response?.status(), landing.path).toBe(200);
      await expectMember(page, member);
      // The lander's frame, not the application's: no framework scripts, only the page's own.
      await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
      await expect(page.locator('script[src]')).toHaveCount(0);
      await page.getByRole('link', { name: landing.cta }).click();
      const next = landing.next === 'chat' ? `/members/${member.id}/chat` : `/members/${member.id}`;
      await expect(page).toHaveURL(`/signup?next=${encodeURIComponent(next)}`);
      await expect(page.getByRole('heading', { name: 'Who are you?' })).toBeVisible();
    }
  });

  test('each landing shows the member on a desktop, and its signup opens as a dialog', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.slow();
    const member = await landingMember(browser, baseURL ?? '', request);
    await page.setViewportSize(DESKTOP);
    for (const landing of landings(member)) {
      const response = await page.goto(landing.path);
      expect(response?.status(), landing.path).toBe(200);
      await expectMember(page, member);
      // Other real members of the country are shown too, and there are more photos to see.
      await expect(page.getByRole('heading', { name: /^More members on / })).toBeVisible();
      await page.getByRole('link', { name: landing.cta }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign up for free' });
      await expect(dialog).toBeVisible();
      // The steps load in a frame, which knows where the new member goes on to.
      await expect(
        dialog.frameLocator('iframe').getByRole('heading', { name: 'Who are you?' }),
      ).toBeVisible();
      const next = landing.next === 'chat' ? `/members/${member.id}/chat` : `/members/${member.id}`;
      await expect(dialog.locator('iframe')).toHaveAttribute(
        'src',
        new RegExp(`/signup/embedded\\?next=${encodeURIComponent(next)}$`),
      );
      await expect(page).toHaveURL(new RegExp(`${landing.path}$`));
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    }
    await page.goto(`/members/${member.id}/landing`);
    await expect(page.getByRole('link', { name: /^1 more photo: sign up to see more/ })).toBeVisible();
  });

  test('signing up on a phone from the contact landing leads to the chat with the member', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.slow();
    const url = baseURL ?? '';
    const member = await landingMember(browser, url, request);
    // The time-bonus offer covers the members area after a while: not what this flow is about.
    await page.addInitScript(() => window.localStorage.setItem('time-bonus-modal', String(Date.now())));
    await page.setViewportSize(PHONE);
    await page.goto(`/members/${member.id}/signup`);
    await page.getByRole('link', { name: `Sign up and write to ${member.name}` }).click();
    await expect(page).toHaveURL(/\/signup\?next=/);

    const email = uniqueEmail('landing');
    await page.getByRole('button', { name: 'I am a man' }).click();
    await page.getByRole('textbox', { name: 'Username' }).fill(`lead_${uniqueTag()}`);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Day').selectOption('17');
    await page.getByLabel('Month').selectOption({ index: 5 });
    await page.getByLabel('Year').selectOption('1990');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I accept the/ }).check();
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

    // Confirmed from the e-mail, the new member goes on to the member the landing was about.
    expect((await page.request.get(await activationLink(page.request, url, email))).ok()).toBe(true);
    await page.getByRole('link', { name: 'Write your first message' }).click();
    await expect(page).toHaveURL(new RegExp(`/members/${member.id}/chat$`));
    await expect(page.getByRole('textbox', { name: `Message to ${member.name}` })).toBeVisible();
  });

  test('an unknown, invalid or hidden member, or a path past the variant, is the 404 page', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.slow();
    const url = baseURL ?? '';
    for (const path of [
      '/members/2147483000/landing',
      '/members/abc/signup',
      '/members/12abc/landing2',
      '/members/0/landing3',
    ])
      await expectNotFound(page, path);

    const member = await landingMember(browser, url, request);
    await expectNotFound(page, `/members/${member.id}/landing2/berlin/extra`);
    // A member who went invisible: none of their landings shows them.
    const invisible = await memberInNewBrowser(browser, url, { prefix: 'hidden' });
    const saved = await invisible.page.request.put('/api/profile.php', {
      data: { invisible: true },
      headers: { origin: url },
    });
    expect(saved.status()).toBe(200);
    await invisible.page.context().close();
    for (const landing of landings({ id: invisible.id, name: invisible.name, age: 0 }))
      await expectNotFound(page, landing.path);
  });

  test('a campaign variant on landing2 and landing3 renders, known or not', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    const member = await landingMember(browser, baseURL ?? '', request);
    for (const path of [
      `/members/${member.id}/landing2/no-such-campaign-42`,
      `/members/${member.id}/landing3/amsterdam`,
      `/members/${member.id}/landing3/%F0%9F%92%95`,
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expectMember(page, member);
    }
  });

  test('a member who is logged in goes to the member’s page; a member they blocked is not found', async ({
    browser,
    baseURL,
    request,
  }) => {
    const url = baseURL ?? '';
    const member = await landingMember(browser, url, request);
    const viewer = await memberInNewBrowser(browser, url, { prefix: 'viewer' });
    await viewer.page.goto(`/members/${member.id}/landing3/utrecht`);
    await expect(viewer.page).toHaveURL(new RegExp(`/members/${member.id}$`));
    await expect(viewer.page.getByRole('heading', { level: 1 })).toContainText(member.name);

    const blocked = await viewer.page.request.post('/api/block.php', {
      data: { member: member.id },
      headers: { origin: url },
    });
    expect(blocked.ok()).toBe(true);
    await expectNotFound(viewer.page, `/members/${member.id}/signup`);
    await viewer.page.context().close();
  });

  test('a fictional member’s landing says so before any signup', async ({ page, request }) => {
    let fictional: { id: number; name: string } | undefined;
    for (let pageNumber = 1; pageNumber <= 5 && !fictional; pageNumber += 1) {
      const res = await request.get(`/api/members.php?page=${pageNumber}`);
      const body = (await res.json()) as {
        page: { results: { id: number; name: string; fictional: boolean }[] };
      };
      fictional = body.page.results.find((m) => m.fictional);
    }
    if (!fictional) throw new Error('the demo data has no fictional member to show');
    await page.goto(`/members/${fictional.id}/landing2`);
    await expect(page.getByTestId('fictional-notice')).toBeVisible();
    await expect(page.getByTestId('fictional-notice')).toContainText(/fictional/);
    await expect(page.getByText('✦ fictional profile').first()).toBeVisible();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`each design passes axe in the ${theme} theme`, async ({ page, browser, baseURL, request }) => {
      test.slow();
      const url = baseURL ?? '';
      const member = await landingMember(browser, url, request);
      await page.emulateMedia({ colorScheme: theme });
      await page.context().addCookies([{ name: 'theme', value: theme, url }]);
      for (const landing of landings(member)) {
        await page.goto(landing.path);
        await expectMember(page, member);
        const serious = await seriousViolations(page);
        expect(serious, `${landing.path} (${theme})`).toEqual([]);
      }
    });
  }
});
