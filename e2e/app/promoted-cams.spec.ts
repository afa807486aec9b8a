import { expect, test, type BrowserContext, type Page } from '@playwright/test';

// Landers have no application frame (nothing marks them hydrated), so these flows use Playwright's
// own `test` and open pages themselves.

/** The site with promoted partner cams (member resell on, scripts/e2e-server.mjs). */
const resellSite = (baseURL: string | undefined) => `http://127.0.0.5:${new URL(baseURL ?? '').port}`;

/** The demonstration partner is not on the network: its pages are answered here. */
async function standInPartner(context: BrowserContext) {
  await context.route('https://cams.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Partner</title><h1>Partner</h1>',
    }),
  );
}

const promotedRow = (page: Page) => page.getByRole('region', { name: 'Cams from our partner' });

/** The row is an advertisement, as a whole and on every card, and its links leave for the partner. */
async function expectAdvertisement(page: Page) {
  const row = promotedRow(page);
  await expect(row).toBeVisible();
  await expect(row.getByText('Paid partner content: these cam profiles are not members of')).toBeVisible();
  const cams = row.getByRole('link');
  await expect(cams).toHaveCount(4);
  for (const cam of await cams.all()) {
    await expect(cam).toHaveAccessibleName(
      /^Advertisement .+, \d+ .+\(opens the partner’s site in a new tab\)$/,
    );
    await expect(cam).toHaveAttribute('rel', 'sponsored noopener');
    await expect(cam).toHaveAttribute('target', '_blank');
    await expect(cam.getByText('Advertisement')).toBeVisible();
  }
  return cams;
}

/** Follows a promoted cam: the partner opens in a new tab, with the visitor's traffic source. */
async function followFirstCam(page: Page, cams: ReturnType<Page['getByRole']>) {
  const first = cams.first();
  const id = new URL((await first.getAttribute('href')) ?? '', 'http://x').searchParams.get('id');
  const [partner] = await Promise.all([page.waitForEvent('popup'), first.click()]);
  await partner.waitForURL(/^https:\/\/cams\.example\//);
  const url = new URL(partner.url());
  expect(url.pathname).toBe(`/${id}`);
  expect(Object.fromEntries(url.searchParams)).toEqual({ network: 'adnet', sub1: 'banner' });
  await expect(partner.getByRole('heading', { name: 'Partner' })).toBeVisible();
  await partner.close();
}

for (const device of [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
]) {
  test.describe(`on a ${device.name}`, () => {
    test.use({
      viewport: device.viewport,
      isMobile: device.isMobile ?? false,
      hasTouch: device.hasTouch ?? false,
    });

    test('promoted cams on the gallery lander and in the search are advertisements linking out with the source', async ({
      page,
      context,
      baseURL,
    }) => {
      await standInPartner(context);
      const site = resellSite(baseURL);
      await page.goto(`${site}/landers/gallery?network=adnet&sub1=banner`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await followFirstCam(page, await expectAdvertisement(page));

      // The source stays with the visitor: the search's promoted cams carry it too.
      await page.goto(`${site}/members`);
      await expect(page.getByRole('heading', { name: /members found/ })).toBeVisible();
      await followFirstCam(page, await expectAdvertisement(page));
    });
  });
}

test('the default site promotes no cams', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'site_entry_accepted', value: '1', url: baseURL ?? '' }]);
  for (const path of ['/members', '/landers/gallery?network=adnet']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (path === '/members') await expect(page.getByRole('heading', { name: /members found/ })).toBeVisible();
    await expect(promotedRow(page)).toHaveCount(0);
    await expect(page.getByText('Advertisement')).toHaveCount(0);
    await expect(page.locator('a[href*="/api/cams/out.php"]')).toHaveCount(0);
  }
});
