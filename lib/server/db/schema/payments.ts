import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Money tables. Amounts are integers in the currency's minor unit (cents, øre, grosz); a payment's
 * amount is computed on the server from the bundle and the discount, never taken from the browser.
 */

/** A credit bundle on sale in one country, in that country's currency (spec §1 "Bundles"). */
export const creditBundles = pgTable(
  'credit_bundles',
  {
    id: serial('id').primaryKey(),
    country: char('country', { length: 2 }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    credits: integer('credits').notNull(),
    /** Price in the currency's minor unit. */
    amountMinor: integer('amount_minor').notNull(),
    bestValue: boolean('best_value').notNull().default(false),
    position: smallint('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_bundles_country_idx').on(t.country, t.active, t.position),
    check('credit_bundles_credits_positive', sql`${t.credits} > 0`),
    check('credit_bundles_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);

/** Which payment service handled a payment. */
export const paymentProvider = pgEnum('payment_provider', ['sandbox', 'mollie']);
export type PaymentProviderName = (typeof paymentProvider.enumValues)[number];

/**
 * A payment's state as the provider reports it (Mollie's vocabulary): `open` until the payer acts,
 * `pending` while the bank or network confirms, then `paid`, `failed`, `canceled` or `expired`.
 */
export const paymentStatus = pgEnum('payment_status', [
  'open',
  'pending',
  'authorized',
  'paid',
  'failed',
  'canceled',
  'expired',
]);
export type PaymentStatus = (typeof paymentStatus.enumValues)[number];

/**
 * Why a payment the provider reports is not booked but held for customer service: its once-only
 * discount code was already spent on another payment of the member, or the provider charged
 * another amount than the app asked.
 */
export const paymentHoldReason = pgEnum('payment_hold_reason', ['discount_spent', 'amount_mismatch']);
export type PaymentHoldReason = (typeof paymentHoldReason.enumValues)[number];

/** A one-off payment, the first one that creates a mandate, or a repeat order on a stored mandate. */
export const paymentSequence = pgEnum('payment_sequence', ['oneoff', 'first', 'recurring']);
export type PaymentSequence = (typeof paymentSequence.enumValues)[number];

/**
 * One attempt to buy a bundle. Credits are granted once, when the provider (re-fetched, never
 * believed from a webhook body) says `paid`: the ledger entry's reference is `payment:<id>`.
 * The bundle's credits and price are copied, so later bundle edits do not change past payments.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => creditBundles.id),
    /** The payer's payment country (decides methods, currency and codes). */
    country: char('country', { length: 2 }).notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    credits: integer('credits').notNull(),
    /** The bundle's price before the discount. */
    listAmountMinor: integer('list_amount_minor').notNull(),
    /** What the payer is charged. */
    amountMinor: integer('amount_minor').notNull(),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    discountPercentage: smallint('discount_percentage').notNull().default(0),
    /** The payment method (`ideal`, `creditcard`, `paypal`, `directdebit`, …). */
    method: text('method').notNull(),
    provider: paymentProvider('provider').notNull(),
    /** The provider's id (`tr_…`), set once the provider accepted the payment. */
    providerPaymentId: text('provider_payment_id'),
    status: paymentStatus('status').notNull().default('open'),
    sequence: paymentSequence('sequence').notNull().default('oneoff'),
    mandateId: integer('mandate_id').references(() => paymentMandates.id),
    /** Where the payer completes the payment (the provider's hosted page, or the sandbox's). */
    checkoutUrl: text('checkout_url'),
    /** Minor units refunded so far (refunds and chargebacks). */
    reversedMinor: integer('reversed_minor').notNull().default(0),
    /** Credits the reversals could not take back because they were already spent. */
    unrecoveredCredits: integer('unrecovered_credits').notNull().default(0),
    /**
     * When customer service asked the provider to refund the payment: set once, before the provider is
     * called, so a payment is refunded at most once (cleared again if the provider refused).
     */
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
    /**
     * Set when the provider's word could not be booked as it is (see PaymentHoldReason): nothing was
     * granted, and customer service decides (a refund, or credits by a correction).
     */
    heldReason: paymentHoldReason('held_reason'),
    heldAt: timestamp('held_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the receipt e-mail was queued (once). */
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_provider_id_key').on(t.provider, t.providerPaymentId),
    index('payments_user_idx').on(t.userId, t.id),
    index('payments_status_idx').on(t.status, t.createdAt),
    check('payments_amount_nonnegative', sql`${t.amountMinor} >= 0`),
    check('payments_credits_positive', sql`${t.credits} > 0`),
  ],
);

/** Money going back: a refund the company made, or a chargeback the payer's bank made. */
export const paymentReversalKind = pgEnum('payment_reversal_kind', ['refund', 'chargeback']);
export type PaymentReversalKind = (typeof paymentReversalKind.enumValues)[number];

/**
 * A refund or chargeback of a payment, booked once per provider id; its ledger entry (reference
 * `refund:<provider id>` or `chargeback:<provider id>`) takes back the credits in proportion.
 */
export const paymentReversals = pgTable(
  'payment_reversals',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    kind: paymentReversalKind('kind').notNull(),
    providerReversalId: text('provider_reversal_id').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    /** Credits taken back (never more than the member still has). */
    credits: integer('credits').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_reversals_provider_key').on(t.kind, t.providerReversalId),
    index('payment_reversals_payment_idx').on(t.paymentId),
  ],
);

/** A stored authorisation to charge the member again (a card or a SEPA direct debit). */
export const mandateStatus = pgEnum('mandate_status', ['pending', 'valid', 'invalid']);

export const paymentMandates = pgTable(
  'payment_mandates',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: paymentProvider('provider').notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    providerMandateId: text('provider_mandate_id').notNull(),
    /** `creditcard` or `directdebit`. */
    method: text('method').notNull(),
    status: mandateStatus('status').notNull().default('pending'),
    /** What the member recognises it by: card label and last digits, or the IBAN's last four. */
    label: text('label').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_mandates_provider_key').on(t.provider, t.providerMandateId),
    index('payment_mandates_user_idx').on(t.userId),
  ],
);

/**
 * A member's standing with the payment side: the remembered payment country, the provider's
 * customer id, and whether direct debit is blocked (after a chargeback).
 */
export const paymentAccounts = pgTable('payment_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  paymentCountry: char('payment_country', { length: 2 }),
  /** The payment provider's customer (mandates hang on it) and which provider that is. */
  customerProvider: paymentProvider('customer_provider'),
  providerCustomerId: text('provider_customer_id'),
  directDebitBlockedAt: timestamp('direct_debit_blocked_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A direct-debit authorisation in progress (spec §5): the form's details, the SMS code (only its
 * hash), its expiry and the attempts left; verified, it becomes a mandate and a payment.
 */
export const directDebitRequests = pgTable(
  'direct_debit_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => creditBundles.id),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    accountHolder: text('account_holder').notNull(),
    iban: text('iban').notNull(),
    street: text('street').notNull(),
    houseNumber: text('house_number').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    country: char('country', { length: 2 }).notNull(),
    /** E.164. */
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    paymentId: integer('payment_id').references(() => payments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('direct_debit_requests_user_idx').on(t.userId, t.createdAt)],
);

/** Text messages the app sent (the SMS codes); with no SMS gateway configured, kept here to be read. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    toNumber: text('to_number').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('sms_outbox_to_idx').on(t.toNumber), index('sms_outbox_created_idx').on(t.createdAt)],
);

/** Whether a code is in force (operators switch codes off without deleting their history). */
export const discountCodeStatus = pgEnum('discount_code_status', ['active', 'inactive']);
/** How often one member may use a code. */
export const discountCodeValidity = pgEnum('discount_code_validity', ['once_per_user', 'unlimited']);

/**
 * Discount codes (spec §3, §5). Empty `payment_methods` means every method; a null country,
 * currency or minimum means no such condition. `welcome` marks the welcome code the banner offers
 * (valid `welcome_hours` after the member's signup); `TIMEBONUS25` is the time bonus (spec §9).
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    country: char('country', { length: 2 }),
    /** A code made for one member only. */
    userId: integer('user_id').references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    valuePercentage: smallint('value_percentage').notNull(),
    currency: char('currency', { length: 3 }),
    minimumOrderMinor: integer('minimum_order_minor'),
    status: discountCodeStatus('status').notNull().default('active'),
    validity: discountCodeValidity('validity').notNull().default('once_per_user'),
    paymentMethods: jsonb('payment_methods').$type<string[]>().notNull().default([]),
    welcome: boolean('welcome').notNull().default(false),
    welcomeHours: integer('welcome_hours'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_key').on(sql`upper(${t.code})`),
    check('discount_codes_percentage_range', sql`${t.valuePercentage} > 0 and ${t.valuePercentage} < 100`),
  ],
);

/** A code used on a completed payment (booked with the credits, in the same transaction). */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: serial('id').primaryKey(),
    discountCodeId: integer('discount_code_id')
      .notNull()
      .references(() => discountCodes.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_redemptions_payment_key').on(t.paymentId),
    index('discount_redemptions_code_user_idx').on(t.discountCodeId, t.userId),
  ],
);

/**
 * A once-only code (`once_per_user`) taken by one payment of the member: made in the transaction
 * that creates the payment row, so the key (code, member) lets one payment at a time hold it, also
 * when payments are started at the same moment. A payment that fails, is cancelled or expires gives
 * it back (the row is deleted); a paid one keeps it for good (the redemption is booked beside it).
 */
export const discountReservations = pgTable(
  'discount_reservations',
  {
    discountCodeId: integer('discount_code_id')
      .notNull()
      .references(() => discountCodes.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.discountCodeId, t.userId] }),
    uniqueIndex('discount_reservations_payment_key').on(t.paymentId),
  ],
);

/**
 * Deferred work that must survive a restart (the sandbox's webhook calls with their retries,
 * receipt e-mails): claimed with `FOR UPDATE SKIP LOCKED`, so several instances share the queue.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: smallint('attempts').notNull().default(0),
    maxAttempts: smallint('max_attempts').notNull().default(10),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** At most one job not yet done holds a given key (a second one queued under it is dropped). */
    singletonKey: text('singleton_key'),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.doneAt} is null`),
    uniqueIndex('jobs_singleton_key')
      .on(t.singletonKey)
      .where(sql`${t.doneAt} is null and ${t.singletonKey} is not null`),
  ],
);

/**
 * The embedded sandbox payment service's own records (what a real provider keeps on its side): the
 * app reaches them only through the sandbox adapter, exactly as it would reach Mollie's API.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: text('id').primaryKey(),
    amountMinor: integer('amount_minor').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    method: text('method').notNull(),
    description: text('description').notNull(),
    status: paymentStatus('status').notNull().default('open'),
    sequence: paymentSequence('sequence').notNull().default('oneoff'),
    customerId: text('customer_id'),
    mandateId: text('mandate_id'),
    redirectUrl: text('redirect_url').notNull(),
    webhookUrl: text('webhook_url').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** Refunds and chargebacks made on the sandbox's side: `{ id, kind, amountMinor, createdAt }`. */
    reversals: jsonb('reversals')
      .$type<{ id: string; kind: 'refund' | 'chargeback'; amountMinor: number; createdAt: string }[]>()
      .notNull()
      .default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_payments_created_idx').on(t.createdAt),
    // The scheduled expiry reads only the payments still waiting for their payer.
    index('sandbox_payments_unsettled_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('open', 'pending')`),
  ],
);
