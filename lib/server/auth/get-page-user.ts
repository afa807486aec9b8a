import 'server-only';
import { cookies } from 'next/headers';
import type { User } from '@/lib/shared/schemas/user';
import { AppError } from '../errors';
import { getUserOrThrow } from './get-user';
import { findSessionUser, SESSION_COOKIE } from './sessions';

/** The member whose session cookie came with a page request, or null for a visitor. */
export async function getPageUser(): Promise<User | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value;
  if (!token) return null;
  const session = await findSessionUser({ token });
  if (!session) return null;
  try {
    return await getUserOrThrow({ userId: session.userId });
  } catch (error) {
    if (error instanceof AppError && error.code === 'authentication_required') return null;
    throw error;
  }
}
