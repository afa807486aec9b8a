/**
 * Money rules both sides use: payment methods, how a discount changes a price, how a payment's
 * state reads on the status page. Amounts are integers in the currency's minor unit.
 */

/** Every payment method the product offers somewhere (Mollie's method ids). */
export const PAYMENT_METHODS = [
  'ideal',
  'bancontact',
  'creditcard',
  'paypal',
  'banktransfer',
  'directdebit',
  'blik',
  'eps',
  'przelewy24',
  'twint',
  'trustly',
  'applepay',
  'klarna',
  'mobilepay',
  'vipps',
  'belfius',
  'kbc',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);
}

/**
 * The methods offered per payment country, in the order the checkout lists them (what Mollie
 * supports there for a one-off payment in the country's currency). The Mollie adapter narrows this
 * to what the account has enabled.
 */
export const METHODS_BY_COUNTRY: Record<string, readonly PaymentMethod[]> = {
  NL: ['ideal', 'creditcard', 'paypal', 'directdebit', 'applepay', 'banktransfer', 'klarna'],
  BE: ['bancontact', 'kbc', 'belfius', 'creditcard', 'paypal', 'directdebit', 'applepay', 'banktransfer'],
  DE: ['creditcard', 'paypal', 'directdebit', 'klarna', 'applepay', 'trustly', 'banktransfer'],
  AT: ['eps', 'creditcard', 'paypal', 'directdebit', 'klarna', 'applepay', 'banktransfer'],
  CH: ['twint', 'creditcard', 'paypal', 'applepay', 'banktransfer'],
  GB: ['creditcard', 'paypal', 'applepay', 'trustly', 'banktransfer'],
  IE: ['creditcard', 'paypal', 'directdebit', 'applepay', 'banktransfer'],
  US: ['creditcard', 'paypal', 'applepay'],
  CA: ['creditcard', 'paypal', 'applepay'],
  AU: ['creditcard', 'paypal', 'applepay'],
  NZ: ['creditcard', 'paypal', 'applepay'],
  DK: ['mobilepay', 'creditcard', 'paypal', 'applepay', 'trustly', 'banktransfer'],
  SE: ['trustly', 'creditcard', 'paypal', 'klarna', 'applepay', 'banktransfer'],
  NO: ['vipps', 'creditcard', 'paypal', 'applepay', 'banktransfer'],
  FI: ['trustly', 'creditcard', 'paypal', 'directdebit', 'klarna', 'applepay', 'banktransfer'],
  FR: ['creditcard', 'paypal', 'directdebit', 'applepay', 'banktransfer'],
  ES: ['creditcard', 'paypal', 'directdebit', 'applepay', 'banktransfer'],
  IT: ['creditcard', 'paypal', 'directdebit', 'applepay', 'banktransfer'],
  PL: ['blik', 'przelewy24', 'creditcard', 'paypal', 'applepay', 'banktransfer'],
};

/** The methods of a payment country (none for a country the product does not serve). */
export function methodsForCountry(country: string): readonly PaymentMethod[] {
  return METHODS_BY_COUNTRY[country] ?? [];
}

/** Methods a stored mandate can be charged again with (repeat order). */
export const MANDATE_METHODS = ['creditcard', 'directdebit'] as const satisfies readonly PaymentMethod[];

/** What the payer is charged for a price with a discount: rounded to the minor unit, half up. */
export function discountedAmount(amountMinor: number, percentage: number): number {
  if (percentage <= 0) return amountMinor;
  return Math.round((amountMinor * (100 - percentage)) / 100);
}

/**
 * The payment status page's states (spec §5 "Payment"): `loading` is the page's own; the rest come
 * from the provider's status. `expired` is a failure of its own: nobody completed the payment in time.
 */
export const PAYMENT_STATES = ['pending', 'completed', 'failed', 'cancelled', 'expired'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** The provider's status as the payer reads it. */
export function paymentState(status: string): PaymentState {
  switch (status) {
    case 'paid':
      return 'completed';
    case 'canceled':
      return 'cancelled';
    case 'failed':
      return 'failed';
    case 'expired':
      return 'expired';
    default:
      return 'pending';
  }
}

/**
 * Why a payment the provider reports is held for customer service instead of booked: paid with a
 * once-only discount code the member had already spent, or charged at another amount than asked.
 */
export const PAYMENT_HOLD_REASONS = ['discount_spent', 'amount_mismatch'] as const;
export type PaymentHoldReasonName = (typeof PAYMENT_HOLD_REASONS)[number];

/** Outcomes the sandbox checkout lets the payer pick (spec-free test provider). */
export const SANDBOX_OUTCOMES = ['paid', 'failed', 'canceled', 'pending', 'expired'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

/** How long an SMS code for direct debit works, and how many wrong tries it takes. */
export const SMS_CODE = { length: 6, ttlSeconds: 600, maxAttempts: 5 } as const;

/** The most a member may have in open (unsettled) direct-debit payments, per currency, in minor units. */
export const DIRECT_DEBIT_OPEN_LIMIT_MINOR = 25_000;

/**
 * Whether the site announces itself as a test site on every page: payments go to the sandbox and
 * ALLOW_SANDBOX_PAYMENTS=1 lets a deployment run on it (lib/server/payments/sandbox-deployment.ts).
 */
export function isTestSite(config: { PAYMENT_PROVIDER: string; ALLOW_SANDBOX_PAYMENTS: boolean }): boolean {
  return config.PAYMENT_PROVIDER === 'sandbox' && config.ALLOW_SANDBOX_PAYMENTS;
}
