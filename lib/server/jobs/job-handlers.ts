import 'server-only';
import { paymentJobHandlers } from '../payments/payment-jobs';
import type { JobHandlers } from './run-jobs';

/** Every kind of job the app queues, with its handler: what the worker in server.ts runs. */
export function jobHandlers(options: { fetch?: typeof fetch } = {}): JobHandlers {
  return { ...paymentJobHandlers(options) };
}
