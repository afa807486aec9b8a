import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getDb } from '../db/client';
import { operators, operatorSessions, type OperatorRole } from '../db/schema/operators';
import { hashToken, newToken } from '../auth/tokens';
import { OPERATOR_LOCALES, type OperatorLocale } from '@/lib/shared/schemas/operators';

/** The operator console's own cookie: never the members' session cookie. */
export const OPERATOR_COOKIE = 'auth_operator';
/** An operator logs in again after a working day. */
export const OPERATOR_SESSION_SECONDS = 12 * 3_600;
/** A login waits this long for its second factor. */
const SECOND_FACTOR_SECONDS = 10 * 60;

/** The operator behind a request: who, and what they may do. */
export interface OperatorSession {
  operatorId: number;
  role: OperatorRole;
  locale: OperatorLocale;
  /** Whether the second factor was given in this session: until then only that step is open. */
  isVerified: boolean;
  /** When the second factor was given, and which: adding a passkey needs a recent code of the app. */
  verifiedAt: Date | null;
  secondFactorMethod: 'totp' | 'passkey' | null;
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
  const now = options.now ?? new Date();
  const db = await getDb();
  const [row] = await db
    .select({
      operatorId: operators.id,
      role: operators.role,
      locale: operators.locale,
      createdAt: operatorSessions.createdAt,
      verifiedAt: operatorSessions.verifiedAt,
      secondFactorMethod: operatorSessions.secondFactorMethod,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, hashToken(options.token)),
        gt(operatorSessions.expiresAt, now),
        isNull(operators.disabledAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  const isVerified = row.verifiedAt !== null;
  if (!isVerified && now.getTime() - row.createdAt.getTime() > SECOND_FACTOR_SECONDS * 1_000) return null;
  const locale = OPERATOR_LOCALES.find((l) => l === row.locale) ?? 'en';
  return {
    operatorId: row.operatorId,
    role: row.role,
    locale,
    isVerified,
    verifiedAt: row.verifiedAt,
    secondFactorMethod: row.secondFactorMethod,
  };
}

export async function endOperatorSession(options: { token: string }): Promise<void> {
  const db = await getDb();
  await db.delete(operatorSessions).where(eq(operatorSessions.tokenHash, hashToken(options.token)));
}
