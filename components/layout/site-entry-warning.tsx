'use client';

import Cookies from 'js-cookie';
import dynamic from 'next/dynamic';
import { useState, useSyncExternalStore } from 'react';
import { useSettings } from '@/lib/api/hooks';
import { ENTRY_WARNING_COOKIE } from '@/lib/shared/constants';

// Loaded only for visitors who still have to accept the warning.
const EntryWarningModal = dynamic(() => import('./entry-warning-modal'), { ssr: false });

/**
 * The adult-content warning (id `site-entry-warning`), shown while the site's
 * `enable_site_entry_popup` is on until the visitor accepts it; acceptance is remembered.
 */
export function SiteEntryWarning(props: { isAccepted: boolean; countries?: readonly string[] }) {
  const { data: settings } = useSettings();
  const [isAccepted, setAccepted] = useState(props.isAccepted);
  // The modal renders into a portal, which exists only in the browser: open it after hydration.
  const isHydrated = useSyncExternalStore(
    () => () => undefined,
    () => true,
    () => false,
  );
  const appliesHere =
    !props.countries || (settings ? props.countries.includes(settings.geoip_selected_country) : false);
  if (!isHydrated || !settings?.enable_site_entry_popup || !appliesHere || isAccepted) return null;

  return (
    <EntryWarningModal
      siteName={settings.name}
      onAccept={() => {
        Cookies.set(ENTRY_WARNING_COOKIE, '1', { expires: 365, path: '/', sameSite: 'lax' });
        setAccepted(true);
      }}
    />
  );
}
