import type { APIRequestContext, Browser, Page } from '@playwright/test';
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

  await nils.page.getByRole('button', { name: 'Block' }).click();
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
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const cards = page.getByRole('list', { name: 'Search results' }).getByRole('article');
  await expect(cards).toHaveCount(24);
  await cards.last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect.poll(() => cards.count()).toBeGreaterThan(24);
  const first = cards.first().getByRole('link');
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
    // The filters fold away on a phone until asked for, and fold again after a search.
    await expect(page.getByLabel('Looking for')).toBeHidden();
    await page.getByRole('button', { name: 'Search filters' }).click();
    await page.getByLabel('Looking for').selectOption({ label: 'Everyone' });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByLabel('Looking for')).toBeHidden();
    await page.getByRole('list', { name: 'Search results' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/members\/\d+$/);
    await expect(page.getByRole('link', { name: 'Report this profile' })).toBeVisible();
  });
});

for (const [locale, title, found, report] of [
  ['de', 'Mitglieder suchen', /Mitglieder? gefunden/, 'Dieses Profil melden'],
  ['nl', 'Leden zoeken', /leden? gevonden/, 'Dit profiel melden'],
  ['fr', 'Rechercher des membres', /membres? trouvés?/, 'Signaler ce profil'],
] as const) {
  test(`the search and a member page in ${locale}`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL ?? '' }]);
    await page.goto('/members');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('heading', { name: found })).toBeVisible();
    await page.getByRole('article').first().getByRole('link').click();
    await expect(page.getByRole('link', { name: report })).toBeVisible();
  });
}
