import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { cookies, headers } from 'next/headers';
import { LOCALE_COOKIE } from '@/lib/shared/constants';
import { LOCALES, resolveLocale } from '@/lib/shared/locales';
import { LOCALE_HEADER } from './locale-header';

/** The locale of a page request: as resolved by proxy.ts, re-checked against the locale list. */
export default getRequestConfig(async () => {
  const requestHeaders = await headers();
  const resolved = requestHeaders.get(LOCALE_HEADER);
  const locale = hasLocale(LOCALES, resolved)
    ? resolved
    : resolveLocale({
        cookie: (await cookies()).get(LOCALE_COOKIE)?.value,
        acceptLanguage: requestHeaders.get('accept-language'),
      }).locale;
  const messages = (await import(`../../messages/${locale}.json`)) as { default: Record<string, unknown> };
  return { locale, messages: messages.default, timeZone: 'Europe/Amsterdam' };
});
