import 'server-only';
import { eq } from 'drizzle-orm';
import type { OperatorLocale } from '@/lib/shared/schemas/operators';
import { getDb } from '../db/client';
import { operators } from '../db/schema/operators';

/** Sets the language the console speaks to an operator (its texts and the API's errors). */
export async function setOperatorLocale(options: {
  operatorId: number;
  locale: OperatorLocale;
}): Promise<void> {
  const db = await getDb();
  await db.update(operators).set({ locale: options.locale }).where(eq(operators.id, options.operatorId));
}
