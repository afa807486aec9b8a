import fs from 'node:fs';
import { expect, test } from './fixtures';

const LOCALES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'];
const messages = (locale: string) =>
  JSON.parse(fs.readFileSync(`messages/${locale}.json`, 'utf8')) as {
    Home: { howTitle: string };
    LangConfig: { title: string };
    ErrorPage: { notFound: string };
    Footer: { terms: string; navigation: string };
  };
const en = messages('en');

for (const locale of LOCALES) {
  test(`every public page renders in ${locale}`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL ?? '' }]);
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /MISSING_MESSAGE|FORMATTING_ERROR/.test(m.text())) problems.push(m.text());
    });
    const m = messages(locale);

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 2, name: m.Home.howTitle, exact: true })).toBeVisible();
    const footer = page.getByRole('navigation', { name: m.Footer.navigation });
    await expect(footer.getByRole('link', { name: m.Footer.terms, exact: true })).toBeVisible();
    await page.goto('/lang-config');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.LangConfig.title);
    expect((await page.goto('/pages/privacy'))?.status()).toBe(200);
    await expect(page.locator('article')).not.toContainText('{');
    await page.goto('/missing-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.ErrorPage.notFound);
    if (locale !== 'en') {
      expect(m.Home.howTitle).not.toBe(en.Home.howTitle);
      expect(m.ErrorPage.notFound).not.toBe(en.ErrorPage.notFound);
    }
    expect(problems).toEqual([]);
  });
}
