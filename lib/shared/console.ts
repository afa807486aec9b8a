import { OPERATOR_LOCALES, type OperatorLocale } from './values/operators';

/** The request header proxy.ts gives console pages: the console's language for this browser. */
export const CONSOLE_LOCALE_HEADER = 'x-console-locale';
/** The cookie the console keeps its language in (the operator's choice, also stored on the account). */
export const CONSOLE_LOCALE_COOKIE = 'console_locale';

/** Whether a page path belongs to the operator console. */
export const isConsolePath = (pathname: string): boolean =>
  pathname === '/operator' || pathname.startsWith('/operator/');

/** The console's language: the cookie when it names one, else the browser's first console language, else English. */
export function consoleLocale(cookie: string | undefined, acceptLanguage: string | null): OperatorLocale {
  const chosen = OPERATOR_LOCALES.find((l) => l === cookie);
  if (chosen) return chosen;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const language = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
    const match = OPERATOR_LOCALES.find((l) => l === language);
    if (match) return match;
  }
  return 'en';
}
