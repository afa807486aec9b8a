'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import type { AbstractIntlMessages } from 'next-intl';
import { isSignupLinkClick } from '@/components/auth/signup-link';
import { DESKTOP_MEDIA, matchesMedia } from '@/components/hooks/use-media-query';
import type { Locale } from '@/lib/shared/locales';
import type { Settings } from '@/lib/shared/schemas/settings';
import { TRACKING_COOKIE } from '@/lib/shared/values/auth';
import { TRACKING_KEYS } from '@/lib/shared/values/tracking';

/**
 * A visitor who stores no traffic source (they ask not to be tracked) takes the one of the address
 * they came in by along to the signup page, so the signup still names it.
 */
function carrySource(anchor: HTMLAnchorElement): void {
  if (document.cookie.split(/;\s*/).some((pair) => pair.startsWith(`${TRACKING_COOKIE}=`))) return;
  const entry = new URLSearchParams(window.location.search);
  const url = new URL(anchor.href);
  for (const key of TRACKING_KEYS) {
    const value = entry.get(key);
    if (value) url.searchParams.set(key, value);
  }
  anchor.href = url.toString();
}

// The dialog, its texts' runtime and the signup steps load only when a visitor opens it.
const LanderSignupDialog = lazy(() => import('./lander-signup-dialog'));

/**
 * Signup on a lander: on desktop (768 px and wider) a link to /signup opens the signup dialog over
 * the lander; on smartphones the link leads to the signup page. After signing up in the dialog, the
 * new member goes on to the link's `data-after-signup` path (a member landing names its member's
 * page), else to the signup matches.
 */
export function LanderSignup(props: {
  locale: Locale;
  messages: AbstractIntlMessages;
  settings: Settings;
}) {
  // Open: where the new member goes after signing up ('' for the default).
  const [afterSignup, setAfterSignup] = useState<string | null>(null);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!isSignupLinkClick(event)) return;
      const anchor = (event.target as Element).closest('a');
      if (!matchesMedia(DESKTOP_MEDIA)) {
        if (anchor) carrySource(anchor);
        return;
      }
      event.preventDefault();
      const next = anchor?.dataset.afterSignup ?? '';
      // Only a path of this site.
      setAfterSignup(next.startsWith('/') && !next.startsWith('//') ? next : '');
    };
    window.addEventListener('click', onClick, true);
    return () => window.removeEventListener('click', onClick, true);
  }, []);
  if (afterSignup === null) return null;
  return (
    <Suspense fallback={null}>
      <LanderSignupDialog {...props} afterSignup={afterSignup || undefined} onClose={() => setAfterSignup(null)} />
    </Suspense>
  );
}
