import 'server-only';
import { cookies } from 'next/headers';
import { cache } from 'react';
import type { User } from '@/lib/shared/schemas/user';
import { AppError } from '../errors';
import { getUserOrThrow } from './get-user';
import { findSessionUser, SESSION_COOKIE, type SessionUser } from './sessions';

/** The session of a page request (who, and whether premium), or null for a visitor; once per request. */
export const getPageViewer = cache(async (): Promise<SessionUser | null> => {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  return token ? findSessionUser({ token }) : null;
});

/** The member whose session cookie came with a page request, or null for a visitor. */
export async function getPageUser(): Promise<User | null> {
  const session = await getPageViewer();
  if (!session) return null;
  try {
    return await getUserOrThrow({ userId: session.userId });
  } catch (error) {
    if (error instanceof AppError && error.code === 'authentication_required') return null;
    throw error;
  }
}
