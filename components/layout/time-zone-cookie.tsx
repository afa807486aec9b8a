'use client';

import { useEffect } from 'react';
import { normalizeTimeZone, TIME_ZONE_COOKIE, TIME_ZONE_COOKIE_DAYS } from '@/lib/shared/time-zones';

/**
 * The cookie line that tells the server this browser's time zone, or null when the cookie already
 * says so (or the browser names no zone the runtime knows).
 */
export function timeZoneCookieLine(options: {
  cookies: string;
  zone: string | undefined;
  isSecure: boolean;
}): string | null {
  const zone = normalizeTimeZone(options.zone);
  if (!zone) return null;
  const current = options.cookies
    .split(/;\s*/)
    .find((pair) => pair.startsWith(`${TIME_ZONE_COOKIE}=`))
    ?.slice(TIME_ZONE_COOKIE.length + 1);
  if (current === zone) return null;
  // A zone's name is plain cookie text (letters, digits, `_`, `+`, `-`, `/`): written as it is.
  return (
    `${TIME_ZONE_COOKIE}=${zone}; Path=/; Max-Age=${TIME_ZONE_COOKIE_DAYS * 86_400}; SameSite=Lax` +
    (options.isSecure ? '; Secure' : '')
  );
}

/**
 * Keeps the browser's time zone in a cookie (a travelling member's too): pages show times on this
 * clock, and the member's account keeps it for the receipts and messages they are sent.
 */
export function TimeZoneCookie() {
  useEffect(() => {
    const line = timeZoneCookieLine({
      cookies: document.cookie,
      zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      isSecure: window.location.protocol === 'https:',
    });
    if (line) document.cookie = line;
  }, []);
  return null;
}
