'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect } from 'react';

/** With `lb` in the query, a beacon tells the API when the page is hidden (page-bounce logging). */
export function PageBounce() {
  const isEnabled = useSearchParams()?.has('lb') ?? false;
  useEffect(() => {
    if (!isEnabled) return;
    let sent = false;
    const onVisibility = () => {
      if (document.visibilityState !== 'hidden' || sent) return;
      sent = true;
      navigator.sendBeacon('/api/page-hidden.php', new Blob(['{}'], { type: 'application/json' }));
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [isEnabled]);
  return null;
}
