import type { Tracking } from '@/lib/shared/schemas/auth';

/**
 * Tells the acquisition funnel that a visitor answered the first signup step: a beacon, so it
 * neither holds up the signup nor is lost when the page changes; nothing happens if it fails.
 */
export function reportSignupStarted(tracking: Tracking | null): void {
  const body = JSON.stringify({ kind: 'signup_started', ...(tracking ? { tracking } : {}) });
  try {
    navigator.sendBeacon?.('/api/funnel.php', new Blob([body], { type: 'application/json' }));
  } catch {
    // A browser that refuses the beacon: the signup goes on uncounted.
  }
}
