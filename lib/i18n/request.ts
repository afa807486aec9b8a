import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { cookies, headers } from 'next/headers';
import { LOCALE_COOKIE } from '@/lib/shared/constants';
import { LOCALES, resolveLocale } from '@/lib/shared/locales';
import { DEFAULT_TIME_ZONE, normalizeTimeZone } from '@/lib/shared/time-zones';
import { LOCALE_HEADER, TIME_ZONE_HEADER } from './locale-header';

/**
 * The locale of a page request (as resolved by proxy.ts, re-checked against the locale list) and the
 * time zone its times are shown in (the browser's, as proxy.ts resolved it: see pageTimeZone).
 */
export default getRequestConfig(async () => {
  const [requestHeaders, jar] = await Promise.all([headers(), cookies()]);
  const resolved = requestHeaders.get(LOCALE_HEADER);
  const locale = hasLocale(LOCALES, resolved)
    ? resolved
    : resolveLocale({
        cookie: jar.get(LOCALE_COOKIE)?.value,
        acceptLanguage: requestHeaders.get('accept-language'),
      }).locale;
  const messages = (await import(`../../messages/${locale}.json`)) as { default: Record<string, unknown> };
  const timeZone = normalizeTimeZone(requestHeaders.get(TIME_ZONE_HEADER)) ?? DEFAULT_TIME_ZONE;
  return { locale, messages: messages.default, timeZone };
});
