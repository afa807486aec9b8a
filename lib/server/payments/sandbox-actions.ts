import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { SandboxOutcome } from '@/lib/shared/values/payments';
import { getDb, type DbOrTx } from '../db/client';
import { sandboxPayments } from '../db/schema/payments';
import { AppError } from '../errors';
import { enqueueJob } from '../jobs/enqueue-job';
import { sandboxId } from './sandbox-ids';
import {
  findSandboxMandate,
  findSandboxPayment,
  saveSandboxMandate,
  type SandboxMandate,
  type SandboxPaymentRow,
} from './sandbox-store';

/** Job kinds of the sandbox: its webhook calls, and the settling of charges on a stored mandate. */
export const SANDBOX_WEBHOOK_JOB = 'sandbox.webhook';
export const SANDBOX_SETTLE_JOB = 'sandbox.settle';
/** A charge on a stored mandate settles this long after it was made (a bank takes its time). */
export const SANDBOX_SETTLE_MS = 3_000;
/** The test card every sandbox card mandate is made with. */
const SANDBOX_CARD_LABEL = 'Visa •••• 4242';

const FINAL = new Set(['paid', 'failed', 'canceled', 'expired']);

/** Has the sandbox call the app's webhook for a payment (a job, with retries, as Mollie does). */
export async function queueSandboxWebhook(
  tx: DbOrTx,
  row: Pick<SandboxPaymentRow, 'id' | 'webhookUrl'>,
): Promise<void> {
  await enqueueJob(tx, SANDBOX_WEBHOOK_JOB, { url: row.webhookUrl, id: row.id });
}

/** What the sandbox's checkout page shows (null for an unknown id). */
export async function getSandboxCheckout(options: { id: string }) {
  const row = await findSandboxPayment(await getDb(), options.id);
  if (!row) return null;
  return {
    id: row.id,
    amount: row.amountMinor,
    currency: row.currency,
    method: row.method || null,
    description: row.description,
    status: row.status,
    sequence: row.sequence,
    redirect_url: row.redirectUrl,
  };
}

/**
 * The payer's choice on the sandbox's checkout page. An open or pending payment takes the outcome
 * (pending may still become anything else later); a settled one stays as it is. A first card
 * payment that is paid creates the card mandate later repeat orders use; `declineRepeats` makes
 * those repeat orders fail. The app hears of it through its webhook, shortly after.
 */
export async function chooseSandboxOutcome(options: {
  id: string;
  outcome: SandboxOutcome;
  declineRepeats?: boolean;
}): Promise<{ redirect_url: string }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await findSandboxPayment(tx, options.id, true);
    if (!row) throw new AppError('not_found', { log: `no sandbox payment ${options.id}` });
    if (FINAL.has(row.status) || row.sequence === 'recurring' || row.status === options.outcome) {
      return { redirect_url: row.redirectUrl };
    }
    let mandateId = row.mandateId;
    if (options.outcome === 'paid' && row.sequence === 'first' && row.customerId && !mandateId) {
      const mandate: SandboxMandate = {
        id: sandboxId('mdt'),
        customerId: row.customerId,
        method: 'creditcard',
        status: 'valid',
        label: SANDBOX_CARD_LABEL,
        declineRepeats: options.declineRepeats ?? false,
      };
      await saveSandboxMandate(tx, mandate, row.currency);
      mandateId = mandate.id;
    }
    await tx
      .update(sandboxPayments)
      .set({
        status: options.outcome,
        method: row.method || 'creditcard',
        mandateId,
        updatedAt: new Date(),
      })
      .where(eq(sandboxPayments.id, row.id));
    await queueSandboxWebhook(tx, row);
    return { redirect_url: row.redirectUrl };
  });
}

/**
 * Settles a charge on a stored mandate (the job the sandbox queues when such a payment is made):
 * paid, or failed when the mandate declines charges or is no longer valid.
 */
export async function settleSandboxCharge(options: { id: string }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await findSandboxPayment(tx, options.id, true);
    if (!row || row.status !== 'pending') return;
    const mandate = row.mandateId ? await findSandboxMandate(tx, row.mandateId) : null;
    const isDeclined = !mandate || mandate.status !== 'valid' || mandate.declineRepeats;
    await tx
      .update(sandboxPayments)
      .set({ status: isDeclined ? 'failed' : 'paid', updatedAt: new Date() })
      .where(eq(sandboxPayments.id, row.id));
    await queueSandboxWebhook(tx, row);
  });
}

/**
 * Money back on a paid sandbox payment: a refund (the company's) or a chargeback (the payer's bank).
 * The whole remaining amount unless `amountMinor` says less; the app hears of it through its webhook.
 */
async function addSandboxReversal(options: {
  kind: 'refund' | 'chargeback';
  paymentId: string;
  amountMinor?: number;
}): Promise<{ id: string }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await findSandboxPayment(tx, options.paymentId, true);
    if (!row || row.status !== 'paid') {
      throw new AppError('not_found', { log: `no paid sandbox payment ${options.paymentId} to reverse` });
    }
    const reversed = row.reversals.reduce((sum, r) => sum + r.amountMinor, 0);
    const remaining = row.amountMinor - reversed;
    const amountMinor = options.amountMinor ?? remaining;
    if (!Number.isInteger(amountMinor) || amountMinor <= 0 || amountMinor > remaining) {
      throw new AppError('payment_unavailable', {
        log: `cannot reverse ${amountMinor} of ${row.id}, ${remaining} left`,
      });
    }
    const reversal = {
      id: sandboxId(options.kind === 'refund' ? 're' : 'chb'),
      kind: options.kind,
      amountMinor,
      createdAt: new Date().toISOString(),
    };
    await tx
      .update(sandboxPayments)
      .set({
        reversals: sql`${sandboxPayments.reversals} || ${JSON.stringify([reversal])}::jsonb`,
        updatedAt: new Date(),
      })
      .where(eq(sandboxPayments.id, row.id));
    await queueSandboxWebhook(tx, row);
    return { id: reversal.id };
  });
}

/** A refund of a paid sandbox payment (all that is left of it, or `amountMinor`). */
export function sandboxRefund(options: { paymentId: string; amountMinor?: number }): Promise<{ id: string }> {
  return addSandboxReversal({ kind: 'refund', ...options });
}

/** A chargeback of a paid sandbox payment, as the payer's bank would make it. */
export function sandboxChargeback(options: {
  paymentId: string;
  amountMinor?: number;
}): Promise<{ id: string }> {
  return addSandboxReversal({ kind: 'chargeback', ...options });
}

/**
 * Posts `id=<payment id>` to the app's webhook URL, as Mollie does; anything but a 2xx answer is a
 * failure, tried again later by the job queue.
 */
export async function callSandboxWebhook(
  payload: Record<string, unknown>,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const url = typeof payload.url === 'string' ? payload.url : '';
  const id = typeof payload.id === 'string' ? payload.id : '';
  if (!url || !id) throw new Error('sandbox webhook job without url or id');
  const res = await fetchImpl(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ id }).toString(),
    signal: AbortSignal.timeout(15_000),
  });
  await res.body?.cancel().catch(() => undefined);
  if (!res.ok) throw new Error(`webhook ${url} answered ${res.status} for ${id}`);
}
