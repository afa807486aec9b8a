import 'server-only';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { LOCALE_COOKIE } from '@/lib/shared/constants';
import { resolveLocale } from '@/lib/shared/locales';
import { getDomainLanguage } from '../../settings/get-settings';
import type { ApiEnv } from '../context';

/** API messages follow the same locale rule as pages: cookie, domain language, browser language. */
export const localeMiddleware = createMiddleware<ApiEnv>(async (c, next) => {
  c.set('locale', 'en');
  const cookie = getCookie(c, LOCALE_COOKIE);
  const domainLanguage = cookie ? null : await getDomainLanguage(c.req.header('host'));
  c.set(
    'locale',
    resolveLocale({ cookie, domainLanguage, acceptLanguage: c.req.header('accept-language') }).locale,
  );
  await next();
});
