import 'server-only';
import { parseTrackingCookie } from '@/lib/shared/attribution';
import type { Settings } from '@/lib/shared/schemas/settings';

/** Whether the value of the tracking cookie names a traffic source network. */
export function hasTrafficSource(cookieValue: string | undefined | null): boolean {
  return Boolean(parseTrackingCookie(cookieValue)?.network);
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
