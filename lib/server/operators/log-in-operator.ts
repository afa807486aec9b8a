import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { verifyPassword } from '../auth/passwords';
import { getDb } from '../db/client';
import { operators } from '../db/schema/operators';
import { AppError } from '../errors';
import { hitRateLimit } from '../security/rate-limit';
import { createOperatorSession } from './operator-sessions';
import type { AuditRecord } from './write-audit-log';

/** Login attempts per operator address and client address, and per operator address in all. */
const PER_PAIR = { limit: 10, windowSeconds: 15 * 60 };
const PER_ACCOUNT = { limit: 30, windowSeconds: 60 * 60 };

/**
 * Logs an operator in. Attempts are counted before the password is checked (atomically, in the
 * database), per address pair and per account, so parallel guesses cannot slip past the limit. A
 * failed attempt is recorded for the audit log (`audit`), naming the account tried when there is one.
 */
export async function logInOperator(options: {
  email: string;
  password: string;
  ip: string;
  audit?: (record: AuditRecord) => void;
}): Promise<{
  token: string;
  operatorId: number;
}> {
  const email = options.email.trim().toLowerCase();
  const db = await getDb();
  const [operator] = await db
    .select({ id: operators.id, passwordHash: operators.passwordHash, disabledAt: operators.disabledAt })
    .from(operators)
    .where(eq(sql`lower(${operators.email})`, email))
    .limit(1);
  const failed = (error: AppError): AppError => {
    options.audit?.({
      action: 'operator.log_in_failed',
      ...(operator ? { subject: { type: 'operator', id: operator.id } } : {}),
    });
    return error;
  };
  for (const [key, rule] of [
    [`operator-login:${email}:${options.ip}`, PER_PAIR],
    [`operator-login:${email}`, PER_ACCOUNT],
  ] as const) {
    const hit = await hitRateLimit({ key, ...rule });
    if (!hit.allowed) {
      throw failed(new AppError('account_locked', { values: { minutes: Math.ceil(hit.retryAfter / 60) } }));
    }
  }
  const isRight = await verifyPassword(operator?.passwordHash ?? null, options.password);
  if (!isRight || !operator || operator.disabledAt) throw failed(new AppError('login_failed'));
  return { token: await createOperatorSession({ operatorId: operator.id }), operatorId: operator.id };
}
