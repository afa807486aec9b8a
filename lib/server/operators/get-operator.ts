import 'server-only';
import { eq } from 'drizzle-orm';
import type { Operator } from '@/lib/shared/schemas/operators';
import { getDb } from '../db/client';
import { operators } from '../db/schema/operators';
import { AppError } from '../errors';

/** The operator's own details for the console. */
export async function getOperatorOrThrow(options: { operatorId: number }): Promise<Operator> {
  const db = await getDb();
  const [row] = await db
    .select({ id: operators.id, email: operators.email, name: operators.name, role: operators.role })
    .from(operators)
    .where(eq(operators.id, options.operatorId))
    .limit(1);
  if (!row) throw new AppError('authentication_required');
  return row;
}
