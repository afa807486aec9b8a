import fs from 'node:fs';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/lib/shared/locales';
import { OPERATOR_LOCALES } from '@/lib/shared/values/operators';

type Tree = { [key: string]: string | Tree | Tree[] | string[] };

const flatten = (tree: unknown, prefix = '', out: Record<string, string> = {}): Record<string, string> => {
  if (typeof tree === 'string') out[prefix] = tree;
  else if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
};

const argumentsOf = (message: string): string[] =>
  [...message.matchAll(/\{\s*([A-Za-z_]+)\s*[,}]/g)].map((m) => m[1] ?? '').sort();

/** Words that are the same in many languages (names, loanwords) and may legitimately match English. */
const isTranslatable = (text: string) => {
  const words = text.replace(/\{[^{}]*\}/g, ' ').trim();
  return /[a-z]{4,}/i.test(words) && words.split(/\s+/).length > 2;
};

function checkCatalogue(
  name: string,
  read: (locale: string) => Tree,
  locales: readonly string[] = LOCALES,
) {
  const en = flatten(read('en'));
  describe(name, () => {
    for (const locale of locales) {
      it(`${locale}: has every key, formats, and is translated`, () => {
        const messages = flatten(read(locale));
        expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
        for (const [key, text] of Object.entries(messages)) {
          expect(argumentsOf(text), `${locale} ${key}`).toEqual(argumentsOf(en[key] ?? ''));
          expect(() => new IntlMessageFormat(text, locale), `${locale} ${key}`).not.toThrow();
        }
        if (locale !== 'en') {
          const copied = Object.keys(en).filter((k) => isTranslatable(en[k] ?? '') && messages[k] === en[k]);
          expect(copied, `${locale} strings identical to English`).toEqual([]);
        }
      });
    }
  });
}

checkCatalogue(
  'UI messages',
  (locale) => JSON.parse(fs.readFileSync(`messages/${locale}.json`, 'utf8')) as Tree,
);
checkCatalogue(
  'static pages',
  (locale) => JSON.parse(fs.readFileSync(`content/pages/${locale}.json`, 'utf8')) as Tree,
);

checkCatalogue(
  'operator console messages',
  (locale) => JSON.parse(fs.readFileSync(`messages/operator/${locale}.json`, 'utf8')) as Tree,
  OPERATOR_LOCALES,
);

describe('global error page texts', () => {
  it('match the message files in every locale', async () => {
    const { ERROR_PAGE_FAILED } = await import('@/lib/shared/error-page-failed');
    for (const locale of LOCALES) {
      const messages = JSON.parse(fs.readFileSync(`messages/${locale}.json`, 'utf8')) as {
        ErrorPage: { errorPageFailed: string };
        Common: { home: string };
      };
      expect(ERROR_PAGE_FAILED[locale]).toEqual({
        text: messages.ErrorPage.errorPageFailed,
        home: messages.Common.home,
      });
    }
  });
});
