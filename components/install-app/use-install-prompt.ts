'use client';

import { useCallback, useSyncExternalStore } from 'react';
import { useIsStandalone } from '../hooks/use-standalone';

/** Chromium's install offer (not in the DOM typings): held back, then shown when the member asks. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

// The browser offers installing once, early: the offer is caught as soon as the shell's code runs,
// before any component that shows it has mounted, and kept for the whole visit.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our own button offers it instead of the browser's banner.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** iPhone and iPad (iPadOS says it is a Mac, but has touch): installing is Share › Add to Home Screen. */
function isIos(): boolean {
  return (
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
  );
}

/**
 * Installing the site as an app: `canInstall` where the browser offered it (and not when already
 * installed), `install()` shows the browser's dialog; `isIosManual` on iOS, which offers nothing to
 * click, so the member adds it from the Share menu.
 */
export function useInstallPrompt(): {
  canInstall: boolean;
  install: () => Promise<void>;
  isIosManual: boolean;
} {
  const isStandalone = useIsStandalone();
  const offer = useSyncExternalStore(
    subscribe,
    () => deferred,
    () => null,
  );
  const isIosDevice = useSyncExternalStore(subscribe, isIos, () => false);
  const install = useCallback(async () => {
    const event = deferred;
    if (!event) return;
    // An offer can be shown once; whatever the member chooses, it is used up.
    deferred = null;
    notify();
    await event.prompt();
    await event.userChoice.catch(() => undefined);
  }, []);
  return {
    canInstall: Boolean(offer) && !isStandalone,
    install,
    isIosManual: isIosDevice && !isStandalone && !offer,
  };
}
