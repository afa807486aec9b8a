import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { loginFailures } from '../db/schema/security';
import { AppError } from '../errors';
import { hitRateLimit } from '../security/rate-limit';
import { verifyPassword } from './passwords';
import { createSession } from './sessions';

/** Wrong passwords in a row that lock an address, and for how long. */
export const LOGIN_LOCK = { failures: 5, minutes: 15 } as const;
/** Login attempts one client address may make across all accounts. */
export const LOGIN_IP_LIMIT = { attempts: 30, windowSeconds: 900 } as const;

const lockedMinutes = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));

/**
 * Checks an e-mail address and password and starts a session. Every failure looks the same whether
 * or not the address has an account; an address is locked after 5 wrong passwords in a row.
 */
export async function logIn(options: { email: string; password: string; ip: string; now?: Date }): Promise<{
  userId: number;
  token: string;
}> {
  const now = options.now ?? new Date();
  const email = options.email.trim().toLowerCase();
  const perIp = await hitRateLimit({
    key: `login-ip:${options.ip}`,
    limit: LOGIN_IP_LIMIT.attempts,
    windowSeconds: LOGIN_IP_LIMIT.windowSeconds,
    now,
  });
  if (!perIp.allowed) {
    throw new AppError('rate_limited', {
      values: { seconds: perIp.retryAfter },
      headers: { 'Retry-After': String(perIp.retryAfter) },
    });
  }

  const db = await getDb();
  const [failure] = await db.select().from(loginFailures).where(eq(loginFailures.email, email));
  if (failure?.lockedUntil && failure.lockedUntil > now) {
    throw new AppError('account_locked', { values: { minutes: lockedMinutes(failure.lockedUntil, now) } });
  }

  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, deletedAt: users.deletedAt })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  const isValid = await verifyPassword(user?.passwordHash ?? null, options.password);

  if (!user || !isValid) {
    const failures =
      (failure && (!failure.lockedUntil || failure.lockedUntil <= now) ? failure.failures : 0) + 1;
    const lockedUntil =
      failures >= LOGIN_LOCK.failures ? new Date(now.getTime() + LOGIN_LOCK.minutes * 60_000) : null;
    await db
      .insert(loginFailures)
      .values({ email, failures: lockedUntil ? 0 : failures, lockedUntil, updatedAt: now })
      .onConflictDoUpdate({
        target: loginFailures.email,
        set: { failures: lockedUntil ? 0 : failures, lockedUntil, updatedAt: now },
      });
    if (lockedUntil) throw new AppError('account_locked', { values: { minutes: LOGIN_LOCK.minutes } });
    throw new AppError('login_failed');
  }

  if (failure) await db.delete(loginFailures).where(eq(loginFailures.email, email));
  if (user.deletedAt) throw new AppError('account_pending_deletion');
  return { userId: user.id, token: await createSession({ userId: user.id, now }) };
}
