import 'server-only';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { sandboxPayments } from '../db/schema/payments';

/**
 * The embedded sandbox's own bookkeeping, in its table `sandbox_payments`. Payments are rows with
 * ids `tr_sbx_…`. A mandate is a row of its own with the mandate's id `mdt_sbx_…` (amount 0, never
 * a payment: the checkout and the adapter only read `tr_sbx_` rows as payments), its details in
 * `metadata.mandate`. Customers need nothing stored: the mandates name theirs.
 */
export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;

export interface SandboxMandate {
  id: string;
  customerId: string;
  method: 'creditcard' | 'directdebit';
  status: 'pending' | 'valid' | 'invalid';
  label: string;
  /** Charges on this mandate are declined (the payer chose so on the checkout page, to try failures). */
  declineRepeats: boolean;
}

export async function findSandboxPayment(
  db: DbOrTx,
  id: string,
  forUpdate = false,
): Promise<SandboxPaymentRow | null> {
  if (!id.startsWith('tr_sbx_')) return null;
  const query = db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findSandboxMandate(db: DbOrTx, id: string): Promise<SandboxMandate | null> {
  if (!id.startsWith('mdt_sbx_')) return null;
  const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
  const mandate = row?.metadata.mandate as SandboxMandate | undefined;
  return mandate ?? null;
}

export async function saveSandboxMandate(
  db: DbOrTx,
  mandate: SandboxMandate,
  currency: string,
): Promise<void> {
  await db.insert(sandboxPayments).values({
    id: mandate.id,
    amountMinor: 0,
    currency,
    method: mandate.method,
    description: `Mandate ${mandate.label}`,
    status: mandate.status === 'valid' ? 'paid' : 'open',
    sequence: 'first',
    customerId: mandate.customerId,
    mandateId: mandate.id,
    redirectUrl: '',
    webhookUrl: '',
    metadata: { mandate },
  });
}

/** Changes a stored mandate (revoked: `status` invalid). */
export async function updateSandboxMandate(db: DbOrTx, mandate: SandboxMandate): Promise<void> {
  await db
    .update(sandboxPayments)
    .set({
      status: mandate.status === 'valid' ? 'paid' : 'canceled',
      metadata: { mandate },
      updatedAt: new Date(),
    })
    .where(eq(sandboxPayments.id, mandate.id));
}
