import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb, type DbOrTx, type Tx } from '../db/client';
import { users } from '../db/schema/auth';
import { profiles } from '../db/schema/members';
import { paymentAccounts } from '../db/schema/payments';
import type { PaymentProvider } from './payment-provider';

export type PaymentAccountRow = typeof paymentAccounts.$inferSelect;

export async function getPaymentAccount(db: DbOrTx, userId: number): Promise<PaymentAccountRow | null> {
  const [row] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, userId));
  return row ?? null;
}

/**
 * The member's payment account, locked until the transaction ends (made when missing): payments
 * whose rules count the member's other payments (the open direct-debit limit) take it first, so
 * they are checked one after the other, also when started at the same moment.
 */
export async function lockPaymentAccount(tx: Tx, userId: number): Promise<PaymentAccountRow> {
  await tx.insert(paymentAccounts).values({ userId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(paymentAccounts)
    .where(eq(paymentAccounts.userId, userId))
    .for('update');
  if (!row) throw new Error(`payment account of ${userId} not stored`);
  return row;
}

/** Remembers the country a member pays from (it decides bundles, currency and methods next time). */
export async function rememberPaymentCountry(db: DbOrTx, userId: number, country: string): Promise<void> {
  const now = new Date();
  await db
    .insert(paymentAccounts)
    .values({ userId, paymentCountry: country, updatedAt: now })
    .onConflictDoUpdate({ target: paymentAccounts.userId, set: { paymentCountry: country, updatedAt: now } });
}

/** Blocks direct debit for a member's account (after a chargeback). */
export async function blockDirectDebit(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db
    .insert(paymentAccounts)
    .values({ userId, directDebitBlockedAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: paymentAccounts.userId, set: { directDebitBlockedAt: at, updatedAt: at } });
}

/** The member's customer at the payment service (mandates hang on it), made the first time it is needed. */
export async function ensureProviderCustomer(options: {
  userId: number;
  provider: PaymentProvider;
}): Promise<string> {
  const db = await getDb();
  const account = await getPaymentAccount(db, options.userId);
  if (account?.providerCustomerId && account.customerProvider === options.provider.name) {
    return account.providerCustomerId;
  }
  const [member] = await db
    .select({ email: users.email, name: profiles.name })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, options.userId));
  if (!member) throw new Error(`No member ${options.userId}`);
  const customer = await options.provider.createCustomer({
    name: member.name ?? member.email,
    email: member.email,
    userId: options.userId,
  });
  const now = new Date();
  await db
    .insert(paymentAccounts)
    .values({
      userId: options.userId,
      customerProvider: options.provider.name,
      providerCustomerId: customer.id,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: paymentAccounts.userId,
      set: { customerProvider: options.provider.name, providerCustomerId: customer.id, updatedAt: now },
    });
  return customer.id;
}
