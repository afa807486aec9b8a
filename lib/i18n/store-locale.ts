import Cookies from 'js-cookie';
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS } from '@/lib/shared/constants';
import type { Locale } from '@/lib/shared/locales';

/** Remembers an explicit language choice for 365 days (spec §4). */
export function storeLocaleChoice(locale: Locale): void {
  Cookies.set(LOCALE_COOKIE, locale, {
    expires: LOCALE_COOKIE_DAYS,
    path: '/',
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
  });
}
