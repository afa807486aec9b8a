import { TERMS_VERSION_DATE } from './constants';
import { countryNameIn } from './country-names';

/** The terms' version date: 2023-12-01 12:00 UTC, or the company's `added` date when later. */
export function termsVersionDate(companyAdded: string | Date | null | undefined): Date {
  const base = new Date(TERMS_VERSION_DATE);
  if (!companyAdded) return base;
  const added = companyAdded instanceof Date ? companyAdded : new Date(companyAdded);
  return Number.isNaN(added.getTime()) || added <= base ? base : added;
}

/** The support phone as dialled: dashes and spaces removed. */
export function cleanPhone(phone: string): string {
  return phone.replace(/[\s-]+/g, '');
}

let regionCodesByEnglishName: Map<string, string> | null = null;

/** ISO 3166 region codes by their English names ("Netherlands" → "NL"), built once from Intl. */
function regionCodeForEnglishName(name: string): string | undefined {
  if (!regionCodesByEnglishName) {
    regionCodesByEnglishName = new Map();
    for (let first = 65; first <= 90; first += 1) {
      for (let second = 65; second <= 90; second += 1) {
        const code = String.fromCharCode(first, second);
        const found = countryNameIn('en', code);
        if (found && found !== code) regionCodesByEnglishName.set(found.toLowerCase(), code);
      }
    }
  }
  return regionCodesByEnglishName.get(name.trim().toLowerCase());
}

/**
 * The company's country in the reader's language. Company records hold an ISO code ("NL") or an
 * English name ("Netherlands"); anything else is shown as entered.
 */
export function localCountryName(country: string, locale: string): string {
  const code = /^[A-Za-z]{2}$/.test(country.trim())
    ? country.trim().toUpperCase()
    : regionCodeForEnglishName(country);
  if (!code) return country;
  return countryNameIn(locale, code) ?? country;
}

/**
 * The company name for the middle or end of a sentence whose text brings its own full stop:
 * "Lovelane Media B.V." + ". All rights reserved" would read "B.V.. All rights reserved".
 */
export function companyNameBeforeStop(name: string): string {
  return name.replace(/\.+$/, '');
}
