import 'server-only';
import { count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  DiscountCodeChangeSchema,
  NewDiscountCodeSchema,
  OperatorDiscountCode,
} from '@/lib/shared/schemas/operator-sites';
import { getDb, type Tx } from '../db/client';
import { discountCodes, discountRedemptions } from '../db/schema/payments';
import { AppError } from '../errors';
import { toOperatorDiscountCode } from '../payments/operator-money-view';

type NewCode = z.infer<typeof NewDiscountCodeSchema>;
type CodeChange = z.infer<typeof DiscountCodeChangeSchema>;

async function redemptionsOf(tx: Tx, id: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(discountRedemptions)
    .where(eq(discountRedemptions.discountCodeId, id));
  return row?.n ?? 0;
}

/** The columns of the fields given (a field left out stays as it is; null clears a condition). */
function toColumns(input: Partial<Omit<CodeChange, 'id'>>): Partial<typeof discountCodes.$inferInsert> {
  const columns: Partial<typeof discountCodes.$inferInsert> = {
    valuePercentage: input.value_percentage,
    country: input.country,
    currency: input.currency,
    minimumOrderMinor: input.minimum_order_value,
    expiresAt:
      input.expires === undefined ? undefined : input.expires === null ? null : new Date(input.expires),
    status: input.status,
    validity: input.validity,
    paymentMethods: input.payment_methods,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

/**
 * An administrator adds a discount code (`input` without id) or changes one; a code's text never
 * changes (members and mails may hold it), and a code is switched off (`status: inactive`) rather
 * than deleted, so its redemptions keep their history. A code's text is unique in any case.
 */
export async function saveDiscountCode(options: {
  input: NewCode | CodeChange;
}): Promise<{ before: OperatorDiscountCode | null; discountCode: OperatorDiscountCode }> {
  const { input } = options;
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (!('id' in input)) {
      const [taken] = await tx
        .select({ id: discountCodes.id })
        .from(discountCodes)
        .where(sql`upper(${discountCodes.code}) = ${input.code}`);
      if (taken) {
        throw new AppError('field_invalid', {
          field: 'code',
          messageKey: 'discount_code_taken',
          values: { code: input.code },
        });
      }
      const { code, ...fields } = input;
      const [created] = await tx
        .insert(discountCodes)
        .values({ code, valuePercentage: input.value_percentage, ...toColumns(fields) })
        .onConflictDoNothing()
        .returning();
      if (!created) {
        throw new AppError('field_invalid', {
          field: 'code',
          messageKey: 'discount_code_taken',
          values: { code },
        });
      }
      return { before: null, discountCode: toOperatorDiscountCode(created, 0) };
    }
    const [current] = await tx
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.id, input.id))
      .for('update');
    if (!current) throw new AppError('not_found', { log: `no discount code ${input.id}` });
    const { id: _id, ...fields } = input;
    const columns = toColumns(fields);
    const [updated] =
      Object.keys(columns).length > 0
        ? await tx.update(discountCodes).set(columns).where(eq(discountCodes.id, current.id)).returning()
        : [current];
    if (!updated) throw new Error(`discount code ${current.id} vanished`);
    const used = await redemptionsOf(tx, current.id);
    return {
      before: toOperatorDiscountCode(current, used),
      discountCode: toOperatorDiscountCode(updated, used),
    };
  });
}
