import 'server-only';
import { cookies, headers } from 'next/headers';
import { cache } from 'react';
import { FRESH_READS_COOKIE, SESSION_COOKIE } from '@/lib/shared/constants';
import { TIME_ZONE_COOKIE } from '@/lib/shared/time-zones';
import { parsePageClass, PAGE_CLASS_HEADER, standInUser, type PageClass } from '@/lib/shared/page-class';
import type { User } from '@/lib/shared/schemas/user';
import type { SessionUser } from '../auth/sessions';
import { pageServices } from './page-services';

/**
 * When this page request began reading its data (ms since the epoch): the tab's event stream replays
 * what happened from then on (lib/server/events/event-stream.ts, `since`). Once per request.
 */
export const getPageRequestTime = cache((): number => Date.now());

/**
 * The class a page is rendered for once, for all its viewers (lib/server/page-cache), or null for a
 * page rendered for its viewer. Only the server's own render requests carry it (proxy.ts).
 */
export const getPageClass = cache(async (): Promise<PageClass | null> =>
  parsePageClass((await headers()).get(PAGE_CLASS_HEADER)),
);

/**
 * The session of a page request (who, and whether premium), or null for a visitor; once per request.
 * A class render has a viewer of the class who is nobody (user id 0).
 */
export const getPageViewer = cache(async (): Promise<SessionUser | null> => {
  const pageClass = await getPageClass();
  if (pageClass) {
    return pageClass.kind === 'visitor'
      ? null
      : { userId: 0, paidUser: pageClass.paid_user, isConfirmed: true, searchProfile: null };
  }
  const jar = await cookies();
  const token = jar.get(SESSION_COOKIE)?.value;
  if (!token) return null;
  const session = await pageServices().findSessionUser({
    token,
    timeZone: jar.get(TIME_ZONE_COOKIE)?.value ?? null,
  });
  if (session) pageServices().readFreshAfter(session.userId, jar.get(FRESH_READS_COOKIE)?.value);
  return session;
});

/** The member whose session cookie came with a page request, or null for a visitor. */
export async function getPageUser(): Promise<User | null> {
  const pageClass = await getPageClass();
  if (pageClass) return pageClass.kind === 'visitor' ? null : standInUser(pageClass);
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
