import { describe, expect, it } from 'vitest';
import { cleanPhone, termsVersionDate, companyNameBeforeStop, localCountryName } from '@/lib/shared/company';

describe('terms version date', () => {
  it('is 2023-12-01 12:00 UTC by default', () => {
    expect(termsVersionDate(null).toISOString()).toBe('2023-12-01T12:00:00.000Z');
  });

  it('keeps the default when the company was added earlier', () => {
    expect(termsVersionDate('2020-05-01T00:00:00Z').toISOString()).toBe('2023-12-01T12:00:00.000Z');
  });

  it('uses the company added date when it is later', () => {
    expect(termsVersionDate('2024-03-15T09:00:00Z').toISOString()).toBe('2024-03-15T09:00:00.000Z');
  });

  it('ignores an unreadable date', () => {
    expect(termsVersionDate('not a date').toISOString()).toBe('2023-12-01T12:00:00.000Z');
  });
});

describe('support phone', () => {
  it('drops dashes and spaces', () => {
    expect(cleanPhone('+31 20-808 44 21')).toBe('+31208084421');
    expect(cleanPhone('0800 - 123')).toBe('0800123');
  });
});

describe('the company in the footer and in mails', () => {
  it('names the country in the reader’s language, from an English name or an ISO code', () => {
    expect(localCountryName('Netherlands', 'de')).toBe('Niederlande');
    expect(localCountryName('Netherlands', 'pl')).toBe('Holandia');
    expect(localCountryName('nl', 'fr')).toBe('Pays-Bas');
    expect(localCountryName('Netherlands', 'en')).toBe('Netherlands');
  });

  it('shows a country it does not know as entered', () => {
    expect(localCountryName('Atlantis', 'de')).toBe('Atlantis');
  });

  it('gives a name ending in a full stop only one before the sentence’s own', () => {
    expect(`© 2026 ${companyNameBeforeStop('Lovelane Media B.V.')}.`).toBe('© 2026 Lovelane Media B.V.');
    expect(companyNameBeforeStop('Lovelane GmbH')).toBe('Lovelane GmbH');
  });
});
