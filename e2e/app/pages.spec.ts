import fs from 'node:fs';
import { expect, test } from './fixtures';

const SLUGS = [
  '2257-compliance-statement',
  'ban',
  'cookies',
  'faq',
  'privacy',
  'return-policy',
  'service',
  'terms',
];
const content = (locale: string) =>
  JSON.parse(fs.readFileSync(`content/pages/${locale}.json`, 'utf8')) as Record<
    string,
    { title: string; sections: { heading: string }[] }
  >;

for (const locale of ['en', 'de']) {
  test.describe(`static pages in ${locale}`, () => {
    test.use({ locale });
    const pages = content(locale);

    for (const slug of SLUGS) {
      test(slug, async ({ page }) => {
        const response = await page.goto(`/pages/${slug}`);
        expect(response?.status()).toBe(200);
        const expected = pages[slug];
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          expected?.title.replace(/\{siteName\}/g, 'Lovelane') ?? '',
        );
        await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
        await expect(page.locator('article')).not.toContainText('{');
        await expect(page.locator('article')).toContainText('Lovelane Media B.V.');
      });
    }
  });
}

test('the terms show the company’s later added date as their version', async ({ page }) => {
  await page.goto('/pages/terms');
  await expect(page.getByTestId('terms-version')).toHaveText('Version of March 15, 2024 at 9:00 AM UTC');
});

test('the return policy and service pages fill in the refund days and the cleaned phone', async ({
  page,
}) => {
  await page.goto('/pages/return-policy');
  await expect(page.locator('article')).toContainText('14');
  await page.goto('/pages/service');
  await expect(page.locator('article')).toContainText('+31208084421');
  await expect(page.locator('article')).toContainText('support@lovelane.example');
});

test('an unknown page answers 404 with a way home', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.goto('/pages/not-a-page'))?.status()).toBe(404);
});

test.describe('404 in German', () => {
  test.use({ locale: 'de-DE' });
  test('is translated', async ({ page }) => {
    await page.goto('/nothing-here');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Diese Seite wurde nicht gefunden');
  });
});
