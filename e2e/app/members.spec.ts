import sharp from 'sharp';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { memberInNewBrowser } from './member-accounts';

interface Member {
  id: number;
  name: string;
  page: Page;
}

/** A confirmed member in a browser of their own, living in Uppsala in the given Swedish region. */
async function confirmedMember(
  browser: Browser,
  baseURL: string,
  options: { gender: 'male' | 'female'; regionId: number },
): Promise<Member> {
  const member = await memberInNewBrowser(browser, baseURL, {
    gender: options.gender,
    prefix: options.gender === 'female' ? 'alva' : 'nils',
  });
  const saved = await member.page.request.put('/api/profile.php', {
    data: { country: 'SE', region_id: options.regionId, city: 'Uppsala' },
    headers: { origin: baseURL },
  });
  expect(saved.status()).toBe(200);
  return member;
}

async function swedishRegion(request: APIRequestContext, index: number) {
  const res = await request.get('/api/regions.php');
  const { countries } = (await res.json()) as {
    countries: { country: string; regions: { id: number; name: string }[] }[];
  };
  const regions = countries.find((c) => c.country === 'SE')?.regions ?? [];
  const region = regions[index % regions.length];
  if (!region) throw new Error('no Swedish regions');
  return region;
}

async function searchIn(page: Page, region: string, gender: 'Women' | 'Men') {
  await page.goto('/members');
  await page.getByLabel('Looking for').selectOption({ label: gender });
  await page.getByLabel('Country').selectOption({ label: 'Sweden' });
  await page.getByLabel(/^(Region|County|Province|State)$/).selectOption({ label: region });
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { name: /members? found|No members found/ })).toBeVisible();
}

test('a member finds another, opens the profile and blocks: both disappear for each other', async ({
  browser,
  request,
  baseURL,
}) => {
  // Two members in two browsers, four searches and three page loads: more than one default timeout.
  test.slow();
  const region = await swedishRegion(request, 3);
  const alva = await confirmedMember(browser, baseURL ?? '', { gender: 'female', regionId: region.id });
  const nils = await confirmedMember(browser, baseURL ?? '', { gender: 'male', regionId: region.id });

  await searchIn(nils.page, region.name, 'Women');
  const card = nils.page.getByRole('link', { name: new RegExp(alva.name) });
  await expect(card).toBeVisible();
  await card.click();
  await expect(nils.page).toHaveURL(new RegExp(`/members/${alva.id}$`));
  await expect(nils.page.getByRole('heading', { level: 1 })).toContainText(alva.name);
  await expect(nils.page.getByText(`Uppsala, ${region.name}, Sweden`)).toBeVisible();

  // Blocking waits in the "…" menu, which works by keyboard: it opens on the first item.
  const more = nils.page.getByRole('button', { name: `More actions for ${alva.name}` });
  await more.focus();
  await nils.page.keyboard.press('Enter');
  const menu = nils.page.getByRole('menu', { name: `More actions for ${alva.name}` });
  await expect(menu.getByRole('menuitem', { name: 'Block' })).toBeFocused();
  await nils.page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Report this profile' })).toBeFocused();
  await nils.page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();
  await more.click();
  await menu.getByRole('menuitem', { name: 'Block' }).click();
  await nils.page.getByRole('button', { name: 'Yes, block' }).click();
  await expect(nils.page.getByText(`You blocked ${alva.name}.`)).toBeVisible();

  await searchIn(nils.page, region.name, 'Women');
  await expect(nils.page.getByRole('link', { name: new RegExp(alva.name) })).toHaveCount(0);
  await searchIn(alva.page, region.name, 'Men');
  await expect(alva.page.getByRole('link', { name: new RegExp(nils.name) })).toHaveCount(0);
  await alva.page.goto(`/members/${nils.id}`);
  await expect(
    alva.page.getByText('You have been blocked by a member and have no access to this page.'),
  ).toBeVisible();

  // Unblocking from the settings page brings them back.
  await nils.page.goto('/settings#privacy');
  await nils.page.getByRole('button', { name: `Unblock ${alva.name}` }).click();
  await expect(nils.page.getByText(`${alva.name} has been unblocked.`)).toBeVisible();
  await alva.page.goto(`/members/${nils.id}`);
  await expect(alva.page.getByRole('heading', { level: 1 })).toContainText(nils.name);
});

test('results come in pages as the visitor scrolls, and a profile opens from them', async ({ page }) => {
  await page.goto('/members');
  await page.getByLabel('Country').selectOption({ label: 'All countries' });
  await page.getByLabel('Looking for').selectOption({ label: 'Everyone' });
  // The first page of the new search's results, not the default search's shown until it answers.
  const searched = page.waitForResponse((r) => r.url().includes('/api/members.php') && r.ok());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await searched;
  const cards = page.getByRole('list', { name: 'Search results' }).getByRole('article');
  await expect(cards).toHaveCount(24);
  await cards.last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect.poll(() => cards.count()).toBeGreaterThan(24);
  const first = cards.first().getByRole('link').first();
  const href = (await first.getAttribute('href')) ?? '';
  const title = ((await cards.first().getByRole('heading').textContent()) ?? '').replace(/^.*: /, '');
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title.split(',')[0] ?? '');
  // A visitor sees the main photo; more photos ask to log in.
  await page.goBack();
  await expect(cards.first()).toBeVisible();
});

test('an unknown member answers 404', async ({ page }) => {
  const response = await page.goto('/members/999999');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
});

test.describe('visitor search rules', () => {
  test('a site that keeps search for members asks visitors to log in', async ({ page, baseURL }) => {
    const port = new URL(baseURL ?? '').port;
    await page.goto(`http://127.0.0.2:${port}/members`);
    await expect(page.getByText('Please log in or sign up to search members.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?redirect=/members',
    );
  });

  test('a site that lets visitors from a traffic source search shows them results', async ({
    page,
    baseURL,
  }) => {
    const port = new URL(baseURL ?? '').port;
    await page.goto(`http://127.0.0.3:${port}/members`);
    await expect(page.getByText('Please log in or sign up to search members.')).toBeVisible();
    await page.goto(`http://127.0.0.3:${port}/?network=adnet`);
    // The traffic source is remembered in a cookie once the page has read its address.
    await expect
      .poll(async () => (await page.context().cookies()).some((c) => c.name === 'tracking'))
      .toBe(true);
    await page.goto(`http://127.0.0.3:${port}/members`);
    await expect(page.getByRole('heading', { name: /members found/ })).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('searching and opening a profile', async ({ page }) => {
    await page.goto('/members');
    await expect(page.getByRole('heading', { name: /members found/ })).toBeVisible();
    // On a phone the filters open in a sheet from the bottom, which closes after a search.
    const sheet = page.getByRole('dialog', { name: 'Search filters' });
    await expect(sheet).toBeHidden();
    await page.getByRole('button', { name: /^Filters/ }).click();
    await sheet.getByLabel('Looking for').selectOption({ label: 'Everyone' });
    await sheet.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: 'Remove filter: Women' })).toHaveCount(0);
    await page.getByRole('list', { name: 'Search results' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/members\/\d+$/);
    // The bar at the bottom holds like, message and gift; report waits in the "…" menu.
    const bar = page.locator('.member-actions');
    await expect(bar.getByText('Like', { exact: true })).toBeInViewport();
    await expect(bar.getByRole('link', { name: 'Message' })).toBeInViewport();
    await bar.getByRole('button', { name: /^More actions for / }).click();
    await expect(page.getByRole('menuitem', { name: 'Report this profile' })).toBeVisible();
  });
});

test.describe('on a phone, coming back', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('Back from a profile returns to the same results at the same place', async ({ page }) => {
    await page.goto('/members');
    const chips = page.getByRole('list', { name: 'Active filters' });
    // Every filter off: results from everywhere, more than one page of them.
    while ((await chips.getByRole('button').count()) > 0) {
      const before = await chips.getByRole('button').count();
      await chips.getByRole('button').first().click();
      await expect(chips.getByRole('button')).toHaveCount(before - 1);
    }
    const cards = page.getByRole('list', { name: 'Search results' }).getByRole('article');
    await expect(cards).toHaveCount(24);
    await cards.nth(20).scrollIntoViewIfNeeded();
    await expect.poll(() => cards.count()).toBeGreaterThan(24);
    const card = cards.nth(22);
    await card.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    const name = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/members\/\d+$/);
    await page.goBack();
    await expect(page.getByRole('heading', { name: name.replace(/^.*: /, '') })).toBeInViewport();
    expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(200);
  });

  test('a member page’s photos open full screen, and a locked one shows only a blur', async ({
    page,
    browser,
    baseURL,
  }) => {
    const url = baseURL ?? '';
    const member = await memberInNewBrowser(browser, url, { prefix: 'gallery' });
    for (const color of ['#c58b6b', '#6b8bc5']) {
      const photo = await sharp({ create: { width: 480, height: 640, channels: 3, background: color } })
        .png()
        .toBuffer();
      const uploaded = await member.page.request.post('/api/photo.php', {
        multipart: { photo: { name: 'me.png', mimeType: 'image/png', buffer: photo } },
        headers: { origin: url },
      });
      expect(uploaded.status()).toBe(201);
    }
    await member.page.context().close();

    // A visitor sees the main photo; the second is a blur behind a lock, with no address of the photo.
    await page.goto(`/members/${member.id}`);
    await page.getByRole('button', { name: /^Open photo 1 of 2/ }).click();
    const viewer = page.getByRole('dialog', { name: new RegExp(`Photo 1 of 2 of ${member.name}`) });
    await expect(viewer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await page.getByRole('button', { name: 'Show photo 2 of 2' }).click();
    await expect(page.getByRole('link', { name: 'Log in to see more photos' })).toBeVisible();
    const blurred = page.locator('.member-gallery .member-photo-blur');
    await expect(blurred).toHaveAttribute('src', /^data:image\/webp;base64,/);
  });
});

/** The text of a select's chosen option when its width cuts it off, else ''. */
function cutOffText(select: Locator): Promise<string> {
  return select.evaluate((el: HTMLSelectElement) => {
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return 'no canvas';
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = el.selectedOptions[0]?.text ?? '';
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(text).width <= room ? '' : text;
  });
}

for (const [locale, title, found, report, more] of [
  ['de', 'Mitglieder suchen', /Mitglieder? gefunden/, 'Dieses Profil melden', /^Weitere Aktionen für /],
  ['nl', 'Leden zoeken', /leden? gevonden/, 'Dit profiel melden', /^Meer acties voor /],
  ['fr', 'Rechercher des membres', /membres? trouvés?/, 'Signaler ce profil', /^Plus d’actions pour /],
] as const) {
  test(`the search and a member page in ${locale}`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL ?? '' }]);
    await page.goto('/members');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('heading', { name: found })).toBeVisible();
    // The desktop filter panel shows both ends of the age range in full, in every language.
    const ages = page.locator('.search-panel select[id$="-age"]');
    await expect(ages).toHaveCount(2);
    for (const select of await ages.all()) expect(await cutOffText(select)).toBe('');
    await page.getByRole('article').first().getByRole('link').first().click();
    await page.getByRole('button', { name: more }).click();
    await expect(page.getByRole('menuitem', { name: report })).toBeVisible();
  });
}
