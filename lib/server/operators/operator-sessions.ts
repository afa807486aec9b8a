import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getDb } from '../db/client';
import { operators, operatorSessions, type OperatorRole } from '../db/schema/operators';
import { hashToken, newToken } from '../auth/tokens';

/** The operator console's own cookie: never the members' session cookie. */
export const OPERATOR_COOKIE = 'auth_operator';
/** An operator logs in again after a working day. */
export const OPERATOR_SESSION_SECONDS = 12 * 3_600;

/** The operator behind a request: who, and what they may do. */
export interface OperatorSession {
  operatorId: number;
  role: OperatorRole;
}

export async function createOperatorSession(options: { operatorId: number; now?: Date }): Promise<string> {
  const now = options.now ?? new Date();
  const { token, hash } = newToken();
  const db = await getDb();
  await db.insert(operatorSessions).values({
    tokenHash: hash,
    operatorId: options.operatorId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + OPERATOR_SESSION_SECONDS * 1_000),
  });
  return token;
}

/** The operator a token belongs to, while the session lasts and the operator is not disabled. */
export async function findOperatorSession(options: {
  token: string;
  now?: Date;
}): Promise<OperatorSession | null> {
  const db = await getDb();
  const [row] = await db
    .select({ operatorId: operators.id, role: operators.role })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, hashToken(options.token)),
        gt(operatorSessions.expiresAt, options.now ?? new Date()),
        isNull(operators.disabledAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function endOperatorSession(options: { token: string }): Promise<void> {
  const db = await getDb();
  await db.delete(operatorSessions).where(eq(operatorSessions.tokenHash, hashToken(options.token)));
}
