import 'server-only';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { SESSION_COOKIE } from '@/lib/shared/constants';
import { TIME_ZONE_COOKIE } from '@/lib/shared/time-zones';
import type { User } from '@/lib/shared/schemas/user';
import type { SessionUser } from '../auth/sessions';
import { pageServices } from './page-services';

/**
 * When this page request began reading its data (ms since the epoch): the tab's event stream replays
 * what happened from then on (lib/server/events/event-stream.ts, `since`). Once per request.
 */
export const getPageRequestTime = cache((): number => Date.now());

/** The session of a page request (who, and whether premium), or null for a visitor; once per request. */
export const getPageViewer = cache(async (): Promise<SessionUser | null> => {
  const jar = await cookies();
  const token = jar.get(SESSION_COOKIE)?.value;
  return token
    ? pageServices().findSessionUser({ token, timeZone: jar.get(TIME_ZONE_COOKIE)?.value ?? null })
    : null;
});

/** The member whose session cookie came with a page request, or null for a visitor. */
export async function getPageUser(): Promise<User | null> {
  const session = await getPageViewer();
  if (!session) return null;
  try {
    return await pageServices().getUserOrThrow({ userId: session.userId });
  } catch (error) {
    // A session whose account just went away is a visitor's page.
    if ((error as { code?: unknown }).code === 'authentication_required') return null;
    throw error;
  }
}
