'use client';

import { useEffect } from 'react';
import { TRACKING_KEYS } from './tracking-keys';

/**
 * Remembers the traffic source (network, ref, sub1–sub3) of the URL a visitor enters by, for the
 * signup to send. The checking code loads only when the entry URL names a source.
 */
export function TrackingCapture() {
  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    if (!TRACKING_KEYS.some((key) => query.has(key))) return;
    void import('./tracking').then(({ captureTracking }) => captureTracking(query));
  }, []);
  return null;
}
