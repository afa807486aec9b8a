import 'server-only';
import type { Settings } from '@/lib/shared/schemas/settings';

/** Cookie in which the browser keeps the first traffic source (JSON with `network`). */
const TRACKING_COOKIE = 'tracking';

/** Whether the visitor's tracking cookie names a traffic source network. */
export function hasTrafficSource(cookieHeader: string | undefined | null): boolean {
  const raw = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${TRACKING_COOKIE}=`))
    ?.slice(TRACKING_COOKIE.length + 1);
  if (!raw) return false;
  try {
    const value: unknown = JSON.parse(decodeURIComponent(raw));
    return (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as { network?: unknown }).network === 'string' &&
      (value as { network: string }).network.length > 0
    );
  } catch {
    return false;
  }
}

/**
 * Whether a visitor may search (spec §6): always for members; for visitors when the site allows
 * logged-out search, or allows it for visitors from a traffic source and this one came from one.
 */
export function maySearch(options: {
  loggedIn: boolean;
  settings: Pick<Settings, 'logged_out_search' | 'logged_out_search_trafficsource'>;
  fromTrafficSource: boolean;
}): boolean {
  if (options.loggedIn) return true;
  if (options.settings.logged_out_search) return true;
  return options.settings.logged_out_search_trafficsource && options.fromTrafficSource;
}
