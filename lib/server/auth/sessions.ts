import 'server-only';
import { eq, lt } from 'drizzle-orm';
import { AUTH_COOKIE_DAYS } from '@/lib/shared/constants';
import { normalizeTimeZone } from '@/lib/shared/time-zones';
import { database, getDb } from '../db/client';
import { sessions, users } from '../db/schema/auth';
import { profiles } from '../db/schema/members';
import { hashToken, newToken } from './tokens';

export { SESSION_COOKIE } from '@/lib/shared/constants';
export const SESSION_MAX_AGE_SECONDS = AUTH_COOKIE_DAYS * 86_400;

/** Starts a session for a member; returns the token for the cookie (only its hash is stored). */
export async function createSession(options: { userId: number; now?: Date }): Promise<string> {
  const now = options.now ?? new Date();
  const { token, hash } = newToken();
  const db = await getDb();
  await db.insert(sessions).values({
    tokenHash: hash,
    userId: options.userId,
    createdAt: now,
    lastSeenAt: now,
    authenticatedAt: now,
    expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1_000),
  });
  return token;
}

/** A session's member: who they are, whether they are a premium (paying) member, and confirmed. */
export interface SessionUser {
  userId: number;
  paidUser: boolean;
  /** Whether the member confirmed their e-mail address. */
  isConfirmed: boolean;
  /** The member's own gender, sexuality and country (where a search starts), read with the session. */
  searchProfile?: { gender: string | null; sexuality: string | null; country: string } | null;
}

/** A session's row with its member's, as SESSION_USER_SQL reads it. */
interface SessionRow {
  userId: number;
  sessionId: number;
  lastSeenAt: Date | string;
  paidUser: boolean;
  status: string;
  timeZone: string | null;
  lastActiveAt: Date | string | null;
  gender: string | null;
  sexuality: string | null;
  country: string | null;
}

/**
 * Read by nearly every request: a prepared statement (parsed and planned once per connection).
 * The session while it lasts, of an account not deleted; the profile's fields where a search starts.
 */
const SESSION_USER_SQL = `select s.user_id as "userId", s.id as "sessionId", s.last_seen_at as "lastSeenAt",
    u.paid_user as "paidUser", u.status::text as status, u.time_zone as "timeZone",
    p.last_active_at as "lastActiveAt", p.gender::text as gender, p.sexuality::text as sexuality,
    p.country as country
  from sessions s
  join users u on u.id = s.user_id
  left join profiles p on p.user_id = s.user_id
  where s.token_hash = $1 and s.expires_at > $2::timestamptz and u.deleted_at is null
  limit 1`;

/** A member's last activity is written at most this often. */
const ACTIVITY_WRITE_MS = 5 * 60_000;

/**
 * The member a session token belongs to, while the session lasts and the account is not deleted.
 * `timeZone` is the zone the member's browser reports (its `tz` cookie): kept on the account when the
 * runtime knows it and it changed, for the times mailed to the member.
 */
export async function findSessionUser(options: {
  token: string;
  now?: Date;
  timeZone?: string | null;
}): Promise<SessionUser | null> {
  const now = options.now ?? new Date();
  const handle = await database();
  const [row] = await handle.prepared<SessionRow>('session_user', SESSION_USER_SQL, [
    hashToken(options.token),
    now.toISOString(),
  ]);
  if (!row) return null;
  const db = handle.db;
  // Sliding expiry, written at most once an hour per session.
  if (now.getTime() - new Date(row.lastSeenAt).getTime() > 3_600_000) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1_000) })
      .where(eq(sessions.id, row.sessionId));
  }
  const timeZone = normalizeTimeZone(options.timeZone);
  if (timeZone && timeZone !== row.timeZone) {
    await db.update(users).set({ timeZone }).where(eq(users.id, row.userId));
  }
  // Last activity (search order, online dot), written at most every five minutes.
  if (row.lastActiveAt && now.getTime() - new Date(row.lastActiveAt).getTime() > ACTIVITY_WRITE_MS) {
    await db.update(profiles).set({ lastActiveAt: now }).where(eq(profiles.userId, row.userId));
  }
  return {
    userId: row.userId,
    paidUser: row.paidUser,
    isConfirmed: row.status === 'confirmed',
    searchProfile:
      row.country !== null ? { gender: row.gender, sexuality: row.sexuality, country: row.country } : null,
  };
}

export async function endSession(options: { token: string }): Promise<void> {
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(options.token)));
}

/** Ends every session of a member (password reset, deletion). */
export async function endAllSessions(options: { userId: number }): Promise<void> {
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.userId, options.userId));
}

export async function deleteExpiredSessions(now = new Date()): Promise<void> {
  const db = await getDb();
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
