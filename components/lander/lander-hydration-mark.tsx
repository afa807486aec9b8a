'use client';

import { useEffect } from 'react';

/**
 * Marks the document once a lander's islands have run (`<html data-hydrated="true">`, as the
 * application frame does): from then on a signup link opens the dialog on desktop instead of
 * loading the signup page. Browser flows wait for it before they click.
 */
export function LanderHydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
