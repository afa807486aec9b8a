import 'server-only';
import type { PaymentProviderName, PaymentSequence, PaymentStatus } from '../db/schema/payments';
import type { PaymentMethod } from '@/lib/shared/values/payments';

/**
 * The shape every payment service has for the app (Mollie's model: payments, customers, mandates,
 * refunds, chargebacks). Amounts are integers in the currency's minor unit; adapters convert.
 * Webhooks carry only a payment id: the app calls `getPayment` and believes nothing else.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** The methods offered for a payment of this amount to a payer in this country. */
  listMethods(input: MethodsInput): Promise<PaymentMethod[]>;
  /** A customer to hang mandates on (repeat orders, direct debit). */
  createCustomer(input: { name: string; email: string; userId: number }): Promise<{ id: string }>;
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  getPayment(id: string): Promise<ProviderPayment>;
  /** A SEPA direct-debit mandate the member authorised in the app (IBAN and holder). */
  createMandate(input: CreateMandateInput): Promise<ProviderMandate>;
  getMandate(customerId: string, mandateId: string): Promise<ProviderMandate>;
  /** Withdraws a mandate so it can no longer be charged (one made for a payment that was refused). */
  revokeMandate(customerId: string, mandateId: string): Promise<void>;
  /** Money back to the payer; the refund then shows in `getPayment(...).reversals`. */
  refund(input: { paymentId: string; amountMinor: number; currency: string; description: string }): Promise<{
    id: string;
  }>;
}

export interface MethodsInput {
  country: string;
  amountMinor: number;
  currency: string;
  sequence: PaymentSequence;
  locale: string;
}

export interface CreatePaymentInput {
  amountMinor: number;
  currency: string;
  description: string;
  /** Null lets the payer choose on the provider's page. */
  method: PaymentMethod | null;
  /** Where the payer comes back to (the transaction page). */
  redirectUrl: string;
  /** Where the provider reports changes (only the id is posted). */
  webhookUrl: string;
  /** The app's payment id and member id, echoed back by the provider. */
  metadata: { paymentId: number; userId: number };
  sequence: PaymentSequence;
  customerId?: string;
  mandateId?: string;
  locale: string;
  billingCountry: string;
}

export interface ProviderReversal {
  id: string;
  kind: 'refund' | 'chargeback';
  amountMinor: number;
}

export interface ProviderPayment {
  id: string;
  status: PaymentStatus;
  amountMinor: number;
  currency: string;
  method: string | null;
  sequence: PaymentSequence;
  customerId: string | null;
  /** The mandate this payment used or created (a `first` payment by card creates one). */
  mandateId: string | null;
  /** The payer's page while the payment is open; null after. */
  checkoutUrl: string | null;
  metadata: Record<string, unknown>;
  /** Refunds (not failed or canceled) and chargebacks, as the provider lists them now. */
  reversals: ProviderReversal[];
}

export interface CreateMandateInput {
  customerId: string;
  method: 'directdebit';
  consumerName: string;
  /** IBAN, electronic format. */
  consumerAccount: string;
  /** YYYY-MM-DD. */
  signatureDate: string;
  /** The app's reference shown on the payer's bank statement. */
  mandateReference: string;
}

export interface ProviderMandate {
  id: string;
  status: 'pending' | 'valid' | 'invalid';
  method: 'creditcard' | 'directdebit';
  /** "Visa •••• 4242" or "NL•• •••• •••• 1234". */
  label: string;
}
