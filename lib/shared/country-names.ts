/** One list of country names per language: making one costs a few milliseconds on a phone. */
const byLocale = new Map<string, Intl.DisplayNames>();

/** A country's name in a language, from `Intl.DisplayNames`; undefined when the language has none. */
export function countryNameIn(locale: string, code: string): string | undefined {
  let names = byLocale.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
    byLocale.set(locale, names);
  }
  return names.of(code);
}
