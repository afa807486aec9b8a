import 'server-only';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  BundleChangeSchema,
  NewBundleSchema,
  OperatorBundle,
} from '@/lib/shared/schemas/operator-sites';
import { getDb, type Tx } from '../db/client';
import { creditBundles } from '../db/schema/payments';
import { AppError } from '../errors';
import { toOperatorBundle } from './operator-money-view';

type NewBundle = z.infer<typeof NewBundleSchema>;
type BundleChange = z.infer<typeof BundleChangeSchema>;

/** The bundles of one country are all priced in one currency (the credits page shows one). */
async function checkCurrency(tx: Tx, country: string, currency: string, exceptId: number | null) {
  const [other] = await tx
    .select({ currency: creditBundles.currency })
    .from(creditBundles)
    .where(
      and(
        eq(creditBundles.country, country),
        ne(creditBundles.currency, currency),
        exceptId === null ? undefined : ne(creditBundles.id, exceptId),
      ),
    )
    .limit(1);
  if (other) {
    throw new AppError('field_invalid', {
      field: 'currency',
      messageKey: 'bundle_currency_mismatch',
      values: { country, currency: other.currency },
    });
  }
}

/**
 * An administrator adds a credit bundle (`input` without id) or changes one. Payments copied the
 * bundle's credits and price when they were made, so a change never alters what was bought; a
 * bundle is taken off sale (`active: false`) rather than deleted. Answers the bundle before and after.
 */
export async function saveBundle(options: {
  input: NewBundle | BundleChange;
}): Promise<{ before: OperatorBundle | null; bundle: OperatorBundle }> {
  const { input } = options;
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (!('id' in input)) {
      await checkCurrency(tx, input.country, input.currency, null);
      const [created] = await tx
        .insert(creditBundles)
        .values({
          country: input.country,
          currency: input.currency,
          credits: input.credits,
          amountMinor: input.amount,
          bestValue: input.best_value ?? false,
          position: input.position ?? 0,
          active: input.active ?? true,
        })
        .returning();
      if (!created) throw new Error('bundle not created');
      return { before: null, bundle: toOperatorBundle(created) };
    }
    const [current] = await tx
      .select()
      .from(creditBundles)
      .where(eq(creditBundles.id, input.id))
      .for('update');
    if (!current) throw new AppError('not_found', { log: `no bundle ${input.id}` });
    const country = input.country ?? current.country;
    const currency = input.currency ?? current.currency;
    await checkCurrency(tx, country, currency, current.id);
    const [updated] = await tx
      .update(creditBundles)
      .set({
        country,
        currency,
        credits: input.credits ?? current.credits,
        amountMinor: input.amount ?? current.amountMinor,
        bestValue: input.best_value ?? current.bestValue,
        position: input.position ?? current.position,
        active: input.active ?? current.active,
        updatedAt: new Date(),
      })
      .where(eq(creditBundles.id, current.id))
      .returning();
    if (!updated) throw new Error(`bundle ${current.id} vanished`);
    return { before: toOperatorBundle(current), bundle: toOperatorBundle(updated) };
  });
}
