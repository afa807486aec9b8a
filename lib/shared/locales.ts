import { isServedCountry, type CountryCode } from './constants';

/** Locale configuration: the one place that knows which languages exist (STYLE §5). */
export const LOCALES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's own name, shown in the language dropdown. */
export const LOCALE_NAMES: Record<Locale, string> = {
  da: 'Dansk',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fi: 'Suomi',
  fr: 'Français',
  it: 'Italiano',
  nb: 'Norsk bokmål',
  nl: 'Nederlands',
  pl: 'Polski',
  sv: 'Svenska',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Languages offered in each served country, the country's main language first. */
export const COUNTRY_LOCALES: Record<CountryCode, readonly Locale[]> = {
  NL: ['nl', 'en'],
  BE: ['nl', 'fr', 'de'],
  DE: ['de', 'en'],
  AT: ['de', 'en'],
  CH: ['de', 'it', 'fr', 'en'],
  GB: ['en'],
  IE: ['en'],
  US: ['en', 'es'],
  CA: ['en', 'fr'],
  AU: ['en'],
  NZ: ['en'],
  DK: ['da', 'en'],
  SE: ['sv', 'en'],
  NO: ['nb', 'en'],
  FI: ['fi', 'sv'],
  FR: ['fr', 'en'],
  ES: ['es', 'en'],
  IT: ['it', 'en'],
  PL: ['pl', 'en'],
};

/**
 * The locales the language dropdown shows for a country. Every locale is offered when the
 * country is unknown; the current locale is always kept so a member never loses their choice.
 */
export function visibleLocales(country: string | null | undefined, current?: Locale): readonly Locale[] {
  if (!isServedCountry(country)) return LOCALES;
  const list = COUNTRY_LOCALES[country];
  return current && !list.includes(current) ? [...list, current] : list;
}

/** Maps a language tag such as `nb-NO`, `no` or `de-CH` to a supported locale. */
export function matchLocaleTag(tag: string): Locale | null {
  const base = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (base === 'no' || base === 'nn') return 'nb';
  return isLocale(base) ? base : null;
}

/** Picks the best supported locale from an Accept-Language header, honouring q-values. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    const locale = matchLocaleTag(entry.tag);
    if (locale) return locale;
  }
  return null;
}

export type LocaleSource = 'cookie' | 'domain' | 'browser' | 'default';

/**
 * The locale rule of spec §4: an explicit choice stored in the cookie wins; with no cookie, a
 * domain language that is a supported two-letter code is used and must be stored; otherwise the
 * browser's language; otherwise English.
 */
export function resolveLocale(input: {
  cookie?: string | null;
  domainLanguage?: string | null;
  acceptLanguage?: string | null;
}): { locale: Locale; source: LocaleSource } {
  if (isLocale(input.cookie)) return { locale: input.cookie, source: 'cookie' };
  const domainLanguage = input.domainLanguage?.trim().toLowerCase();
  if (domainLanguage && /^[a-z]{2}$/.test(domainLanguage) && isLocale(domainLanguage)) {
    return { locale: domainLanguage, source: 'domain' };
  }
  const browser = localeFromAcceptLanguage(input.acceptLanguage);
  if (browser) return { locale: browser, source: 'browser' };
  return { locale: DEFAULT_LOCALE, source: 'default' };
}
