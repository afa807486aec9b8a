'use client';

import { useSyncExternalStore } from 'react';
import { ERROR_PAGE_FAILED } from '@/lib/shared/error-page-failed';
import { LOCALE_COOKIE } from '@/lib/shared/constants';
import { isLocale, resolveLocale } from '@/lib/shared/locales';

function visitorLocale(): string {
  const cookie = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${LOCALE_COOKIE}=`))
    ?.split('=')[1];
  return resolveLocale({ cookie, acceptLanguage: navigator.languages.join(',') }).locale;
}

/**
 * Shown when the error page itself cannot render (the root layout failed): no message files or
 * styles can be relied on, so the text comes from a small table and the link reloads fully.
 */
export default function GlobalError() {
  const locale = useSyncExternalStore(
    () => () => undefined,
    visitorLocale,
    () => 'en',
  );
  const texts = ERROR_PAGE_FAILED[isLocale(locale) ? locale : 'en'];
  return (
    <html lang={locale}>
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '3rem 1rem' }}>
        <h1 style={{ fontSize: '1.5rem' }}>{texts.text}</h1>
        <p>
          {/* A full page load on purpose: the app's own navigation is what failed. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/">{texts.home}</a>
        </p>
      </body>
    </html>
  );
}
