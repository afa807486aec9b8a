import 'server-only';
import type { PaymentProviderName } from '../db/schema/payments';
import { env } from '../env';
import { processSingleton } from '../global';
import { createMollieProvider } from './mollie-provider';
import type { PaymentProvider } from './payment-provider';
import { createSandboxProvider } from './sandbox-provider';

/**
 * The adapters the app can use, by name: the one place a payment service is wired in. The
 * environment's PAYMENT_PROVIDER picks the active one; payments made earlier with another adapter
 * are still synced through theirs (`getPaymentProviderByName`).
 */
const ADAPTERS: Partial<Record<PaymentProviderName, () => PaymentProvider>> = {
  sandbox: createSandboxProvider,
  mollie: () => {
    const apiKey = env().MOLLIE_API_KEY;
    if (!apiKey) throw new Error('PAYMENT_PROVIDER=mollie needs MOLLIE_API_KEY');
    return createMollieProvider({ apiKey });
  },
};

/** Looked up on each use: a reset of the process state (tests) gives a fresh one. */
const instancesOf = () =>
  processSingleton('payment-providers', () => new Map<PaymentProviderName, PaymentProvider>());

/** The adapter for payments made with provider `name`; throws when this build has no such adapter. */
export function getPaymentProviderByName(name: PaymentProviderName): PaymentProvider {
  const instances = instancesOf();
  let provider = instances.get(name);
  if (!provider) {
    const create = ADAPTERS[name];
    if (!create)
      throw new Error(`PAYMENT_PROVIDER=${name}: no adapter for this payment service is installed`);
    provider = create();
    instances.set(name, provider);
  }
  return provider;
}

/** Whether this build has an adapter for provider `name` (its webhook route answers only then). */
export function isPaymentProviderInstalled(name: PaymentProviderName): boolean {
  // Mollie needs its key; without it (never configured, or removed) its webhook answers 404.
  if (name === 'mollie' && !env().MOLLIE_API_KEY) return false;
  return ADAPTERS[name] !== undefined;
}

/** The payment service new payments go to (PAYMENT_PROVIDER, the sandbox by default). */
export function getPaymentProvider(): PaymentProvider {
  return getPaymentProviderByName(activePaymentProviderName());
}

export function activePaymentProviderName(): PaymentProviderName {
  return env().PAYMENT_PROVIDER;
}
