import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import { getDb } from '../db/client';
import { operators, type OperatorRole } from '../db/schema/operators';

/**
 * Creates an operator, or gives an existing one a new role, name and password (and enables them
 * again). Returns the password, generated when none is given, to hand to the operator once.
 */
export async function addOperator(options: {
  email: string;
  name: string;
  role: OperatorRole;
  password?: string;
}): Promise<{ operatorId: number; password: string }> {
  const password = options.password ?? randomBytes(15).toString('base64url');
  const passwordHash = await hashPassword(password);
  const email = options.email.trim();
  const changes = { name: options.name, role: options.role, passwordHash };
  const db = await getDb();
  const operatorId = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(operators)
      .set({ ...changes, disabledAt: null })
      .where(eq(sql`lower(${operators.email})`, email.toLowerCase()))
      .returning({ id: operators.id });
    if (updated) return updated.id;
    const [inserted] = await tx
      .insert(operators)
      .values({ email, ...changes })
      .returning({ id: operators.id });
    if (!inserted) throw new Error('operator not stored');
    return inserted.id;
  });
  return { operatorId, password };
}
