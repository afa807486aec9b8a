import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { AppError } from '../errors';
import type { Locale } from '@/lib/shared/locales';
import { checkMemberStanding } from '../moderation/check-member-standing';
import { hitRateLimit } from '../security/rate-limit';
import { checkPasswordAttempt } from './password-attempts';
import { verifyPassword } from './passwords';
import { createSession } from './sessions';

/** Login attempts one client address may make across all accounts. */
export const LOGIN_IP_LIMIT = { attempts: 30, windowSeconds: 900 } as const;

/**
 * Checks an e-mail address and password and starts a session. Every failure looks the same whether
 * or not the address has an account; see checkPasswordAttempt for the lockout. A suspended or banned
 * member is refused (see checkMemberStanding).
 */
export async function logIn(options: {
  email: string;
  password: string;
  ip: string;
  /** The language of the answer (a suspension's end date). */
  locale?: Locale;
  now?: Date;
}): Promise<{
  userId: number;
  token: string;
}> {
  const now = options.now ?? new Date();
  const email = options.email.trim().toLowerCase();
  await spendLoginBudget(options.ip, now);

  const db = await getDb();
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, deletedAt: users.deletedAt })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  // An unknown address is counted and checked against a decoy like a known one: the answers and
  // their timing say nothing about which addresses have accounts.
  const isValid = await checkPasswordAttempt({
    email,
    ip: options.ip,
    now,
    verify: () => verifyPassword(user?.passwordHash ?? null, options.password),
  });
  if (!user || !isValid) throw new AppError('login_failed');
  if (user.deletedAt) throw new AppError('account_pending_deletion');
  // Only the right password learns of a suspension or ban: the answer says nothing to anyone else.
  await checkMemberStanding({ userId: user.id, locale: options.locale ?? 'en', now });
  return { userId: user.id, token: await createSession({ userId: user.id, now }) };
}

/**
 * Counts a sign-in attempt (password or passkey) against the address's budget, and refuses it
 * with `rate_limited` once the budget is spent.
 */
export async function spendLoginBudget(ip: string, now: Date): Promise<void> {
  const perIp = await hitRateLimit({
    key: `login-ip:${ip}`,
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
}
