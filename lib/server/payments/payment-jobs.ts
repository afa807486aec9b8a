import 'server-only';
import type { JobHandlers } from '../jobs/run-jobs';
import {
  callSandboxWebhook,
  expireSandboxPayments,
  SANDBOX_EXPIRE_JOB,
  SANDBOX_SETTLE_JOB,
  SANDBOX_WEBHOOK_JOB,
  settleSandboxCharge,
} from './sandbox-actions';
import { sendPaymentReceipt } from './send-payment-receipt';
import { PAYMENT_RECEIPT_JOB } from './sync-payment';

/**
 * The job kinds of the money domain and who does them. `fetch` is what the sandbox calls the app's
 * webhook with (tests hand in the in-process API).
 */
export function paymentJobHandlers(options: { fetch?: typeof fetch } = {}): JobHandlers {
  return {
    [SANDBOX_WEBHOOK_JOB]: (payload) => callSandboxWebhook(payload, options.fetch ?? fetch),
    [SANDBOX_SETTLE_JOB]: (payload) => settleSandboxCharge({ id: String(payload.id) }),
    [SANDBOX_EXPIRE_JOB]: async () => {
      await expireSandboxPayments();
    },
    [PAYMENT_RECEIPT_JOB]: async (payload) => {
      await sendPaymentReceipt({ paymentId: Number(payload.paymentId) });
    },
  };
}
