import 'server-only';
import { methodsForCountry } from '@/lib/shared/values/payments';
import { getDb, type DbOrTx } from '../db/client';
import { sandboxPayments } from '../db/schema/payments';
import { AppError } from '../errors';
import type { PaymentProvider, ProviderMandate, ProviderPayment } from './payment-provider';
import { queueSandboxWebhook, sandboxRefund } from './sandbox-actions';
import { assertSandboxAllowed } from './sandbox-deployment';
import { sandboxId } from './sandbox-ids';
import {
  findSandboxMandate,
  findSandboxPayment,
  saveSandboxMandate,
  updateSandboxMandate,
  type SandboxPaymentRow,
} from './sandbox-store';

/** The sandbox's checkout page for a payment, on the site the payer comes from. */
export function sandboxCheckoutUrl(redirectUrl: string, id: string): string {
  return `${new URL(redirectUrl).origin}/sandbox/checkout/${id}`;
}

function toProviderPayment(row: SandboxPaymentRow): ProviderPayment {
  // The payer's page while the payer may still choose: the checkout, or a charge's confirmation step.
  const isOpen = row.status === 'open' || row.status === 'pending';
  return {
    id: row.id,
    status: row.status,
    amountMinor: row.amountMinor,
    currency: row.currency,
    method: row.method || null,
    sequence: row.sequence,
    customerId: row.customerId,
    mandateId: row.mandateId,
    checkoutUrl: isOpen && row.redirectUrl ? sandboxCheckoutUrl(row.redirectUrl, row.id) : null,
    metadata: row.metadata,
    reversals: row.reversals.map(({ id, kind, amountMinor }) => ({ id, kind, amountMinor })),
  };
}

/**
 * The embedded payment service (the default): Mollie's model on the app's own database, with a
 * checkout page in the app where the payer picks the outcome (see sandbox-actions.ts). A charge on a
 * stored mandate (repeat order, direct debit) waits for the payer's choice on the same page, its
 * confirmation step, unless the card was set to decline repeat payments: then it fails at once.
 */
export function createSandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',

    listMethods: ({ country, sequence }) => {
      const methods = methodsForCountry(country);
      return Promise.resolve(
        sequence === 'recurring'
          ? methods.filter((m) => m === 'creditcard' || m === 'directdebit')
          : [...methods],
      );
    },

    createCustomer: () => Promise.resolve({ id: sandboxId('cst') }),

    createPayment: async (input) => {
      await assertSandboxAllowed();
      const db = await getDb();
      const id = sandboxId('tr');
      if (input.sequence !== 'oneoff' && !input.customerId) {
        throw new AppError('payment_unavailable', {
          log: `sandbox: a ${input.sequence} payment needs a customer`,
        });
      }
      const isRecurring = input.sequence === 'recurring';
      const mandate = isRecurring && input.mandateId ? await findSandboxMandate(db, input.mandateId) : null;
      if (
        isRecurring &&
        (!mandate || mandate.customerId !== input.customerId || mandate.status !== 'valid')
      ) {
        throw new AppError('payment_unavailable', {
          log: `sandbox: no valid mandate ${input.mandateId ?? '-'}`,
        });
      }
      // A card set to decline repeat payments declines this one at once, as a card issuer would.
      const isDeclined = mandate?.declineRepeats === true;
      const store = async (tx: DbOrTx) => {
        const [row] = await tx
          .insert(sandboxPayments)
          .values({
            id,
            amountMinor: input.amountMinor,
            currency: input.currency,
            method: input.method ?? '',
            description: input.description,
            // A charge on a stored mandate needs no checkout: it is with the bank, pending until the
            // payer picks the bank's answer on the confirmation step.
            status: isDeclined ? 'failed' : isRecurring ? 'pending' : 'open',
            sequence: input.sequence,
            customerId: input.customerId ?? null,
            mandateId: isRecurring ? (input.mandateId ?? null) : null,
            redirectUrl: input.redirectUrl,
            webhookUrl: input.webhookUrl,
            metadata: { ...input.metadata },
          })
          .returning();
        if (!row) throw new Error('sandbox payment not stored');
        return row;
      };
      // One statement; a declined charge queues its webhook call with it.
      if (!isDeclined) return toProviderPayment(await store(db));
      return db.transaction(async (tx) => {
        const row = await store(tx);
        await queueSandboxWebhook(tx, row);
        return toProviderPayment(row);
      });
    },

    getPayment: async (id) => {
      const row = await findSandboxPayment(await getDb(), id);
      if (!row) throw new AppError('not_found', { log: `sandbox: no payment ${id}` });
      return toProviderPayment(row);
    },

    createMandate: async (input) => {
      const last4 = input.consumerAccount.replace(/\s/g, '').slice(-4);
      const mandate = {
        id: sandboxId('mdt'),
        customerId: input.customerId,
        method: 'directdebit' as const,
        status: 'valid' as const,
        label: `${input.consumerAccount.slice(0, 2).toUpperCase()}•• •••• ${last4}`,
        declineRepeats: false,
      };
      await saveSandboxMandate(await getDb(), mandate, 'EUR');
      return { id: mandate.id, status: mandate.status, method: mandate.method, label: mandate.label };
    },

    getMandate: async (customerId, mandateId): Promise<ProviderMandate> => {
      const mandate = await findSandboxMandate(await getDb(), mandateId);
      if (!mandate || mandate.customerId !== customerId) {
        throw new AppError('not_found', { log: `sandbox: no mandate ${mandateId} of ${customerId}` });
      }
      return { id: mandate.id, status: mandate.status, method: mandate.method, label: mandate.label };
    },

    revokeMandate: async (customerId, mandateId) => {
      const db = await getDb();
      const mandate = await findSandboxMandate(db, mandateId);
      if (!mandate || mandate.customerId !== customerId) return;
      await updateSandboxMandate(db, { ...mandate, status: 'invalid' });
    },

    refund: ({ paymentId, amountMinor }) => sandboxRefund({ paymentId, amountMinor }),
  };
}
