import 'server-only';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { AUTH_COOKIE_DAYS } from '@/lib/shared/constants';
import { normalizeTimeZone } from '@/lib/shared/time-zones';
import { getDb } from '../db/client';
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
  const db = await getDb();
  const [row] = await db
    .select({
      userId: sessions.userId,
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      paidUser: users.paidUser,
      status: users.status,
      timeZone: users.timeZone,
      lastActiveAt: profiles.lastActiveAt,
      gender: profiles.gender,
      sexuality: profiles.sexuality,
      country: profiles.country,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(options.token)),
        gt(sessions.expiresAt, now),
        sql`${users.deletedAt} is null`,
      ),
    )
    .limit(1);
  if (!row) return null;
  // Sliding expiry, written at most once an hour per session.
  if (now.getTime() - row.lastSeenAt.getTime() > 3_600_000) {
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
  if (row.lastActiveAt && now.getTime() - row.lastActiveAt.getTime() > ACTIVITY_WRITE_MS) {
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
