import Cookies from 'js-cookie';
import { CONSOLE_LOCALE_COOKIE } from '@/lib/shared/console';

/** Keeps the console's language cookie with the operator's choice, so pages render in it. */
export function rememberConsoleLocale(locale: string): void {
  Cookies.set(CONSOLE_LOCALE_COOKIE, locale, { expires: 365, path: '/', sameSite: 'strict' });
}
