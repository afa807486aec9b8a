import 'server-only';
import { and, eq } from 'drizzle-orm';
import { RECENT_SIGN_IN_MINUTES } from '@/lib/shared/schemas/passkeys';
import { getDb, type DbOrTx } from '../db/client';
import { sessions } from '../db/schema/auth';
import { AppError } from '../errors';
import { hashToken } from './tokens';

/**
 * Until when the member's session counts as recently signed in: the login, or the password or a
 * passkey given again (see confirmSignIn), plus RECENT_SIGN_IN_MINUTES; null when that has passed.
 */
export async function confirmedUntil(options: {
  userId: number;
  sessionToken: string;
  now?: Date;
}): Promise<Date | null> {
  const now = options.now ?? new Date();
  const db = await getDb();
  const [row] = await db
    .select({ authenticatedAt: sessions.authenticatedAt })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(options.sessionToken)), eq(sessions.userId, options.userId)))
    .limit(1);
  if (!row?.authenticatedAt) return null;
  const until = new Date(row.authenticatedAt.getTime() + RECENT_SIGN_IN_MINUTES * 60_000);
  return until > now ? until : null;
}

/**
 * Refuses a sensitive change (adding or removing a passkey) unless the member signed in, or proved
 * it is them again, within the last minutes: a session left open on a shared computer is not enough.
 */
export async function requireRecentSignIn(options: {
  userId: number;
  sessionToken: string;
  now?: Date;
}): Promise<void> {
  if (!(await confirmedUntil(options))) throw new AppError('recent_sign_in_required');
}

/** Records that the member just proved it is them in this session. */
export async function markSignedIn(options: {
  userId: number;
  sessionToken: string;
  now?: Date;
  tx?: DbOrTx;
}): Promise<void> {
  const db = options.tx ?? (await getDb());
  await db
    .update(sessions)
    .set({ authenticatedAt: options.now ?? new Date() })
    .where(and(eq(sessions.tokenHash, hashToken(options.sessionToken)), eq(sessions.userId, options.userId)));
}
