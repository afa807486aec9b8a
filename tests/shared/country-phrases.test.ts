import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/lib/shared/locales';
import { SERVED_COUNTRIES } from '@/lib/shared/constants';
import { countryPhrase } from '@/lib/shared/country-phrases';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';

describe('a country inside a sentence', () => {
  it.each([
    ['de', 'NL', 'in', 'in den Niederlanden'],
    ['de', 'CH', 'in', 'in der Schweiz'],
    ['de', 'GB', 'in', 'im Vereinigten Königreich'],
    ['de', 'CH', 'from', 'aus der Schweiz'],
    ['fr', 'NL', 'in', 'aux Pays-Bas'],
    ['fr', 'FR', 'in', 'en France'],
    ['fr', 'DK', 'in', 'au Danemark'],
    ['fr', 'DE', 'from', 'd’Allemagne'],
    ['en', 'NL', 'in', 'in the Netherlands'],
    ['en', 'US', 'from', 'from the United States'],
    ['nl', 'GB', 'in', 'in het Verenigd Koninkrijk'],
    ['it', 'US', 'in', 'negli Stati Uniti'],
    ['fi', 'FI', 'in', 'Suomessa'],
    ['pl', 'IT', 'in', 'we Włoszech'],
  ] as const)('%s %s (%s) reads “%s”', (locale, country, kind, phrase) => {
    expect(countryPhrase(locale, country, kind)).toBe(phrase);
  });

  it('has its own phrase for every served country in every language', () => {
    for (const locale of LOCALES)
      for (const country of SERVED_COUNTRIES)
        for (const kind of ['in', 'from'] as const) {
          const phrase = countryPhrase(locale, country, kind);
          expect(phrase, `${locale} ${country} ${kind}`).not.toMatch(/maassa|w kraju|maasta|z kraju/);
          expect(phrase.length).toBeGreaterThan(3);
        }
  });

  it('puts a preposition before a country the product does not serve', () => {
    expect(countryPhrase('de', 'JP', 'in')).toBe('in Japan');
    expect(countryPhrase('fr', 'JP', 'from')).toBe('de Japon');
  });

  it('is taken whole by the sentences, with no preposition of their own before it', () => {
    expect(en.Lander.memberCount).toContain('{inCountry}');
    expect(de.Home.peopleTitle).toBe('Singles {inCountry}, gerade jetzt');
    expect(fr.LanderCollagelanding.moreTitle).toBe('Encore plus de célibataires {fromCountry}');
  });
});
