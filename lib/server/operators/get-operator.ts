import 'server-only';
import { count, eq } from 'drizzle-orm';
import { OPERATOR_LOCALES, type Operator } from '@/lib/shared/schemas/operators';
import { getDb } from '../db/client';
import { operators } from '../db/schema/operators';
import { operatorPasskeys } from '../db/schema/passkeys';
import { AppError } from '../errors';

/**
 * The operator's own details for the console, with what their session still needs: setting up the
 * authenticator app, a code (or a passkey, when they have one), or nothing.
 */
export async function getOperatorOrThrow(options: {
  operatorId: number;
  isVerified: boolean;
}): Promise<Operator> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: operators.id,
      email: operators.email,
      name: operators.name,
      role: operators.role,
      locale: operators.locale,
      totpEnabledAt: operators.totpEnabledAt,
    })
    .from(operators)
    .where(eq(operators.id, options.operatorId))
    .limit(1);
  if (!row) throw new AppError('authentication_required');
  const { totpEnabledAt, ...operator } = row;
  const [held] = await db
    .select({ n: count() })
    .from(operatorPasskeys)
    .where(eq(operatorPasskeys.operatorId, options.operatorId));
  return {
    ...operator,
    locale: OPERATOR_LOCALES.find((l) => l === row.locale) ?? 'en',
    secondFactor: options.isVerified ? null : totpEnabledAt ? 'verify' : 'enroll',
    hasPasskey: (held?.n ?? 0) > 0,
  };
}
