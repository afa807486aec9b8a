import { describe, expect, it } from 'vitest';
import { LOCALES, localeFromAcceptLanguage, resolveLocale, visibleLocales } from '@/lib/shared/locales';

describe('resolveLocale (spec §4)', () => {
  it('uses a valid cookie before anything else', () => {
    expect(resolveLocale({ cookie: 'fi', domainLanguage: 'de', acceptLanguage: 'nl' })).toEqual({
      locale: 'fi',
      source: 'cookie',
    });
  });

  it('ignores a cookie that is not a supported locale', () => {
    expect(resolveLocale({ cookie: '../../etc', acceptLanguage: 'sv-SE' })).toEqual({
      locale: 'sv',
      source: 'browser',
    });
  });

  it('uses the domain language when there is no cookie and it is a supported two-letter code', () => {
    expect(resolveLocale({ domainLanguage: 'nl', acceptLanguage: 'de' })).toEqual({
      locale: 'nl',
      source: 'domain',
    });
    expect(resolveLocale({ domainLanguage: 'NL', acceptLanguage: 'de' }).locale).toBe('nl');
  });

  it('skips a domain language that is not a supported two-letter code', () => {
    expect(resolveLocale({ domainLanguage: 'pt', acceptLanguage: 'de' })).toEqual({
      locale: 'de',
      source: 'browser',
    });
    expect(resolveLocale({ domainLanguage: 'nl-BE', acceptLanguage: 'de' }).locale).toBe('de');
  });

  it('falls back to English', () => {
    expect(resolveLocale({ acceptLanguage: 'pt-BR, ja' })).toEqual({ locale: 'en', source: 'default' });
    expect(resolveLocale({})).toEqual({ locale: 'en', source: 'default' });
  });
});

describe('localeFromAcceptLanguage', () => {
  it('honours q-values and order', () => {
    expect(localeFromAcceptLanguage('pt;q=1, fr;q=0.5, de;q=0.8')).toBe('de');
    expect(localeFromAcceptLanguage('es-ES,es;q=0.9,en;q=0.8')).toBe('es');
  });

  it('maps Norwegian tags to Bokmål', () => {
    expect(localeFromAcceptLanguage('no')).toBe('nb');
    expect(localeFromAcceptLanguage('nn-NO')).toBe('nb');
    expect(localeFromAcceptLanguage('nb-NO,en;q=0.5')).toBe('nb');
  });

  it('ignores wildcards, zero quality and garbage', () => {
    expect(localeFromAcceptLanguage('*, da;q=0')).toBeNull();
    expect(localeFromAcceptLanguage(';;;,,')).toBeNull();
  });
});

describe('visibleLocales', () => {
  it('shows the languages of the spec examples', () => {
    expect(visibleLocales('US')).toEqual(['en', 'es']);
    expect(visibleLocales('BE')).toEqual(['nl', 'fr', 'de']);
    expect(visibleLocales('CH')).toEqual(['de', 'it', 'fr', 'en']);
    expect(visibleLocales('FI')).toEqual(['fi', 'sv']);
  });

  it('keeps the current language visible and shows all for unknown countries', () => {
    expect(visibleLocales('US', 'pl')).toEqual(['en', 'es', 'pl']);
    expect(visibleLocales('BR')).toEqual(LOCALES);
    expect(visibleLocales(null)).toEqual(LOCALES);
  });
});
