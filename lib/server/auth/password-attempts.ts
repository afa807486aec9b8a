import 'server-only';
import { eq, like, or, sql } from 'drizzle-orm';
import { getDb, type DbOrTx } from '../db/client';
import { loginFailures } from '../db/schema/security';
import { AppError } from '../errors';

/** Wrong passwords from one address that lock an account for that address, and for how long. */
export const LOGIN_LOCK = { failures: 5, minutes: 15 } as const;
/**
 * Wrong passwords from all addresses together that lock the account for everyone: high enough that
 * nobody locks a member out casually, low enough to stop guessing spread over many addresses.
 */
export const ACCOUNT_LOCK = { failures: 50, minutes: 15 } as const;

// The rows of login_failures are keyed by `pair:<address>|<client address>` and `account:<address>`.
const pairKey = (email: string, ip: string) => `pair:${email}|${ip}`;
const accountKey = (email: string) => `account:${email}`;

const minutesUntil = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));

/**
 * Counts one attempt against a key before the password is checked, in one statement, so parallel
 * guesses are each counted. A lock that has run out, or a count left alone for the lock's duration,
 * starts again.
 */
async function reserve(
  key: string,
  now: Date,
  minutes: number,
): Promise<{ attempts: number; lockedUntil: Date | null }> {
  const db = await getDb();
  const since = new Date(now.getTime() - minutes * 60_000);
  const expired = sql`(${loginFailures.lockedUntil} is not null and ${loginFailures.lockedUntil} <= ${now})
    or (${loginFailures.lockedUntil} is null and ${loginFailures.updatedAt} < ${since})`;
  const [row] = await db
    .insert(loginFailures)
    .values({ email: key, failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: loginFailures.email,
      set: {
        failures: sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`,
        lockedUntil: sql`case when ${expired} then null else ${loginFailures.lockedUntil} end`,
        updatedAt: now,
      },
    })
    .returning({ attempts: loginFailures.failures, lockedUntil: loginFailures.lockedUntil });
  return { attempts: row?.attempts ?? 1, lockedUntil: row?.lockedUntil ?? null };
}

async function lock(key: string, now: Date, minutes: number): Promise<void> {
  const db = await getDb();
  await db
    .update(loginFailures)
    .set({ lockedUntil: new Date(now.getTime() + minutes * 60_000) })
    .where(eq(loginFailures.email, key));
}

/**
 * Checks a password under the lockout: 5 wrong passwords from one address lock the account for that
 * address (others can still log in), 50 from anywhere lock it for everyone, both for 15 minutes.
 * Attempts beyond a limit are refused without checking the password. Used by login and by every
 * form that asks for the password again (password change, e-mail change, deletion). Returns whether
 * the password was right; a right one clears the address's count.
 */
export async function checkPasswordAttempt(options: {
  email: string;
  ip: string;
  verify: () => Promise<boolean>;
  now?: Date;
}): Promise<boolean> {
  const now = options.now ?? new Date();
  const email = options.email.trim().toLowerCase();
  const rules = [
    { key: pairKey(email, options.ip), ...LOGIN_LOCK },
    { key: accountKey(email), ...ACCOUNT_LOCK },
  ];
  const counts = [];
  for (const rule of rules) {
    const { attempts, lockedUntil } = await reserve(rule.key, now, rule.minutes);
    if (lockedUntil && lockedUntil > now) {
      throw new AppError('account_locked', { values: { minutes: minutesUntil(lockedUntil, now) } });
    }
    if (attempts > rule.failures) {
      await lock(rule.key, now, rule.minutes);
      throw new AppError('account_locked', { values: { minutes: rule.minutes } });
    }
    counts.push(attempts);
  }
  if (await options.verify()) {
    const db = await getDb();
    await db.delete(loginFailures).where(eq(loginFailures.email, pairKey(email, options.ip)));
    return true;
  }
  for (const [index, rule] of rules.entries()) {
    if ((counts[index] ?? 0) >= rule.failures) {
      await lock(rule.key, now, rule.minutes);
      throw new AppError('account_locked', { values: { minutes: rule.minutes } });
    }
  }
  return false;
}

/**
 * The minutes left of a lock that keeps this address out of the account (its own lock, or the lock
 * for everyone), or null: a passkey sign-in is refused while the password login would be.
 */
export async function findLoginLock(options: {
  email: string;
  ip: string;
  now?: Date;
}): Promise<number | null> {
  const now = options.now ?? new Date();
  const email = options.email.trim().toLowerCase();
  const db = await getDb();
  const rows = await db
    .select({ lockedUntil: loginFailures.lockedUntil })
    .from(loginFailures)
    .where(
      or(eq(loginFailures.email, pairKey(email, options.ip)), eq(loginFailures.email, accountKey(email))),
    );
  const until = rows
    .map((row) => row.lockedUntil)
    .filter((date): date is Date => date !== null && date > now)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  return until ? minutesUntil(until, now) : null;
}

/** Forgets every count and lock of an account (after a password reset, or when it is purged). */
export async function clearPasswordAttempts(options: { email: string; tx?: DbOrTx }): Promise<void> {
  const email = options.email.trim().toLowerCase();
  const db = options.tx ?? (await getDb());
  await db
    .delete(loginFailures)
    .where(
      or(
        eq(loginFailures.email, accountKey(email)),
        like(loginFailures.email, `pair:${email.replace(/[\\%_]/g, '\\$&')}|%`),
      ),
    );
}
