import 'server-only';
import { and, asc, eq, inArray, like, lt, sql } from 'drizzle-orm';
import type { SandboxOutcome } from '@/lib/shared/values/payments';
import { getDb, type DbOrTx } from '../db/client';
import { sandboxPayments } from '../db/schema/payments';
import { AppError } from '../errors';
import { enqueueJob } from '../jobs/enqueue-job';
import type { RecurringJob } from '../jobs/job-handlers';
import { assertSandboxAllowed } from './sandbox-deployment';
import { sandboxId } from './sandbox-ids';
import {
  findSandboxMandate,
  findSandboxPayment,
  saveSandboxMandate,
  type SandboxMandate,
  type SandboxPaymentRow,
} from './sandbox-store';

/**
 * Job kinds of the sandbox: its webhook calls, the settling of charges queued by earlier versions
 * (see settleSandboxCharge), and the scheduled expiry of payments nobody completes.
 */
export const SANDBOX_WEBHOOK_JOB = 'sandbox.webhook';
export const SANDBOX_SETTLE_JOB = 'sandbox.settle';
export const SANDBOX_EXPIRE_JOB = 'sandbox.expire';
/** The expiry runs every five minutes (UTC cron). */
export const SANDBOX_EXPIRE_SCHEDULE: readonly RecurringJob[] = [
  { kind: SANDBOX_EXPIRE_JOB, cron: '*/5 * * * *' },
];
/**
 * A sandbox payment still open or pending this long after it was made expires, as a provider's do
 * (Mollie's open payments expire after 15 minutes for most methods, 30 for cards).
 */
export const SANDBOX_EXPIRY_MS = 30 * 60_000;
/** Payments expired in one transaction. */
const EXPIRE_BATCH = 500;
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

/** Whether a payment still waiting for its payer is past its time (the scheduled expiry may not have run yet). */
function isPastExpiry(row: SandboxPaymentRow, now: Date): boolean {
  return (
    (row.status === 'open' || row.status === 'pending') &&
    now.getTime() - row.createdAt.getTime() > SANDBOX_EXPIRY_MS
  );
}

/** Whether the sandbox payment was made for this member (the app names the payer in its metadata). */
function isPayer(row: SandboxPaymentRow, viewerId: number | null): boolean {
  return viewerId !== null && row.metadata.userId === viewerId;
}

/**
 * What the sandbox's checkout page shows its payer; null for an unknown id and for anyone but the
 * payer (a visitor, another member), so an id tells nobody else whether it exists.
 */
export async function getSandboxCheckout(options: { id: string; viewerId: number | null }) {
  const db = await getDb();
  const row = await findSandboxPayment(db, options.id);
  if (!row || !isPayer(row, options.viewerId)) return null;
  const mandate =
    row.sequence === 'recurring' && row.mandateId ? await findSandboxMandate(db, row.mandateId) : null;
  return {
    id: row.id,
    amount: row.amountMinor,
    currency: row.currency,
    method: row.method || null,
    description: row.description,
    status: isPastExpiry(row, new Date()) ? 'expired' : row.status,
    sequence: row.sequence,
    mandate: mandate?.label ?? null,
    redirect_url: row.redirectUrl,
  };
}

/**
 * The payer's choice on the sandbox's checkout page (for a charge on a stored mandate: its
 * confirmation step, standing in for the bank). Only the payer's own session chooses: for anyone
 * else the payment does not exist. An open or pending payment takes the outcome (pending may still
 * become anything else later); a settled one stays as it is. A first card payment that is paid
 * creates the card mandate later repeat orders use; `declineRepeats` makes those repeat orders
 * fail. The app hears of it through its webhook, shortly after.
 */
export async function chooseSandboxOutcome(options: {
  id: string;
  viewerId: number | null;
  outcome: SandboxOutcome;
  declineRepeats?: boolean;
}): Promise<{ redirect_url: string }> {
  // A site that became public since the start (a domain added) takes no test payments any more.
  await assertSandboxAllowed();
  const db = await getDb();
  const chosen = await db.transaction(async (tx) => {
    const row = await findSandboxPayment(tx, options.id, true);
    if (!row || !isPayer(row, options.viewerId)) {
      throw new AppError('not_found', {
        log: `no sandbox payment ${options.id} of member ${options.viewerId ?? '-'}`,
      });
    }
    if (FINAL.has(row.status) || row.status === options.outcome) return row;
    const now = new Date();
    // Too late: it expires now, as the scheduled expiry would have made it.
    const outcome = isPastExpiry(row, now) ? 'expired' : options.outcome;
    let mandateId = row.mandateId;
    if (outcome === 'paid' && row.sequence === 'first' && row.customerId && !mandateId) {
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
        status: outcome,
        method: row.method || 'creditcard',
        mandateId,
        updatedAt: now,
      })
      .where(eq(sandboxPayments.id, row.id));
    await queueSandboxWebhook(tx, row);
    return row;
  });
  return { redirect_url: chosen.redirectUrl };
}

/**
 * Jobs queued by earlier versions, which settled charges on a stored mandate by themselves: a charge
 * the mandate declines (or that is no longer valid) fails; any other waits for its payer's choice.
 */
export async function settleSandboxCharge(options: { id: string }): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const row = await findSandboxPayment(tx, options.id, true);
    if (!row || row.status !== 'pending' || row.sequence !== 'recurring') return;
    const mandate = row.mandateId ? await findSandboxMandate(tx, row.mandateId) : null;
    if (mandate && mandate.status === 'valid' && !mandate.declineRepeats) return;
    await tx
      .update(sandboxPayments)
      .set({ status: 'failed', updatedAt: new Date() })
      .where(eq(sandboxPayments.id, row.id));
    await queueSandboxWebhook(tx, row);
  });
}

/**
 * Expires the sandbox payments still open or pending `SANDBOX_EXPIRY_MS` after they were made (the
 * scheduled job): each becomes `expired` and the app hears of it through its webhook, as from a
 * provider, so it goes through the same sync as any other change. Answers how many expired.
 */
export async function expireSandboxPayments(options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const before = new Date(now.getTime() - SANDBOX_EXPIRY_MS);
  const db = await getDb();
  let total = 0;
  for (;;) {
    const expired = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: sandboxPayments.id, webhookUrl: sandboxPayments.webhookUrl })
        .from(sandboxPayments)
        .where(
          and(
            inArray(sandboxPayments.status, ['open', 'pending']),
            lt(sandboxPayments.createdAt, before),
            // Payments only: mandates are rows of the same table (sandbox-store.ts).
            like(sandboxPayments.id, 'tr\\_sbx\\_%'),
          ),
        )
        .orderBy(asc(sandboxPayments.createdAt))
        .limit(EXPIRE_BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return 0;
      await tx
        .update(sandboxPayments)
        .set({ status: 'expired', updatedAt: now })
        .where(
          inArray(
            sandboxPayments.id,
            rows.map((row) => row.id),
          ),
        );
      for (const row of rows) await queueSandboxWebhook(tx, row);
      return rows.length;
    });
    total += expired;
    if (expired < EXPIRE_BATCH) return total;
  }
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
