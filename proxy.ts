import { NextResponse, type NextRequest } from 'next/server';
import { LOCALE_HEADER } from '@/lib/i18n/locale-header';
import { getDomainLanguage } from '@/lib/server/settings/get-settings';
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS } from '@/lib/shared/constants';
import { resolveLocale } from '@/lib/shared/locales';

/**
 * Resolves the locale of every page request (spec §4): the cookie, else the site's domain language
 * (which is then stored in the cookie), else the browser's language. The URL never carries it.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const cookie = request.cookies.get(LOCALE_COOKIE)?.value;
  const domainLanguage = cookie
    ? null
    : await Promise.resolve(getDomainLanguage(request.headers.get('host'))).catch(() => null);
  const { locale, source } = resolveLocale({
    cookie,
    domainLanguage,
    acceptLanguage: request.headers.get('accept-language'),
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set(LOCALE_HEADER, locale);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  if (source === 'domain') {
    response.cookies.set(LOCALE_COOKIE, locale, {
      maxAge: LOCALE_COOKIE_DAYS * 86_400,
      path: '/',
      sameSite: 'lax',
    });
  }
  return response;
}

export const config = {
  matcher: [
    '/((?!api/|_next/|cdn/|favicon.ico|icons/|sw-push.js|mockServiceWorker.js|manifest.webmanifest|robots.txt).*)',
  ],
};
