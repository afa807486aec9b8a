import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { verifyPassword } from '../auth/passwords';
import { getDb } from '../db/client';
import { operators } from '../db/schema/operators';
import { AppError } from '../errors';
import { hitRateLimit } from '../security/rate-limit';
import { createOperatorSession } from './operator-sessions';

/** Login attempts per operator address and client address, and per operator address in all. */
const PER_PAIR = { limit: 10, windowSeconds: 15 * 60 };
const PER_ACCOUNT = { limit: 30, windowSeconds: 60 * 60 };

/**
 * Logs an operator in. Attempts are counted before the password is checked (atomically, in the
 * database), per address pair and per account, so parallel guesses cannot slip past the limit.
 */
export async function logInOperator(options: { email: string; password: string; ip: string }): Promise<{
  token: string;
  operatorId: number;
}> {
  const email = options.email.trim().toLowerCase();
  for (const [key, rule] of [
    [`operator-login:${email}:${options.ip}`, PER_PAIR],
    [`operator-login:${email}`, PER_ACCOUNT],
  ] as const) {
    const hit = await hitRateLimit({ key, ...rule });
    if (!hit.allowed) {
      throw new AppError('account_locked', { values: { minutes: Math.ceil(hit.retryAfter / 60) } });
    }
  }
  const db = await getDb();
  const [operator] = await db
    .select({ id: operators.id, passwordHash: operators.passwordHash })
    .from(operators)
    .where(and(eq(sql`lower(${operators.email})`, email), isNull(operators.disabledAt)))
    .limit(1);
  if (!(await verifyPassword(operator?.passwordHash ?? null, options.password)) || !operator) {
    throw new AppError('login_failed');
  }
  return { token: await createOperatorSession({ operatorId: operator.id }), operatorId: operator.id };
}
