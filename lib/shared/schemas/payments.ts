import { z } from 'zod';
import { RowIdParamSchema, RowIdSchema } from './ids';
import { PAYMENT_METHODS, PAYMENT_STATES, SANDBOX_OUTCOMES } from '../values/payments';

export * from '../values/payments';

const CountrySchema = z.string().regex(/^[A-Z]{2}$/);

/** A bundle as `/credits` and `/pricing` show it. Amounts in minor units of `currency`. */
export const BundleSchema = z.object({
  id: z.number().int(),
  credits: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  best_value: z.boolean(),
});
export type Bundle = z.infer<typeof BundleSchema>;

/** `GET /api/bundles.php?country=XX`: the bundles of the payment country (visitors too). */
export const BundlesQuerySchema = z.object({ country: CountrySchema.optional() });
export const BundlesResponseSchema = z.object({
  /** The payment country the bundles are for (asked, else remembered, else the visitor's). */
  country: z.string(),
  currency: z.string(),
  /** Countries a payer may pick as payment country. */
  countries: z.array(z.string()),
  bundles: z.array(BundleSchema),
  refund_days: z.number().int(),
  /** What one message, photo and gift cost in credits (for `/pricing`). */
  prices: z.object({ message: z.number().int(), photo: z.number().int(), gift: z.number().int() }),
});
export type BundlesResponse = z.infer<typeof BundlesResponseSchema>;

/** `GET /api/paymentmethods.php?country=XX&bundle=N`: the methods offered for this payment. */
export const PaymentMethodsQuerySchema = z.object({ country: CountrySchema, bundle: RowIdParamSchema });
export const PaymentMethodsResponseSchema = z.object({
  country: z.string(),
  methods: z.array(z.enum(PAYMENT_METHODS)),
  /** Direct debit is blocked for this account (after a chargeback). */
  direct_debit_blocked: z.boolean(),
});

/** The discount code object (spec §3 "Discount code"). */
export const DiscountCodeSchema = z.object({
  code: z.string(),
  country: z.string().nullable(),
  user_id: z.number().int().nullable(),
  /** ISO time, or null for no expiry. */
  expires: z.string().nullable(),
  value_percentage: z.number().int(),
  currency: z.string().nullable(),
  /** Minor units, or null. */
  minimum_order_value: z.number().int().nullable(),
  status: z.enum(['active', 'inactive']),
  validity: z.enum(['once_per_user', 'unlimited']),
  expired: z.boolean(),
  paymentmethods: z.array(z.string()),
});
export type DiscountCode = z.infer<typeof DiscountCodeSchema>;

/** `GET /api/discountcode.php?code=X` (or `welcome=true`); other query parameters pass through. */
export const DiscountCodeQuerySchema = z
  .object({
    code: z.string().trim().min(1).max(40).optional(),
    welcome: z.enum(['true', 'false']).optional(),
    country: CountrySchema.optional(),
    bundle: RowIdParamSchema.optional(),
    method: z.enum(PAYMENT_METHODS).optional(),
  })
  .catchall(z.string().max(200));
export const DiscountCodeResponseSchema = z.object({ discount_code: DiscountCodeSchema });

/** `GET /api/timebonus.php`: the time bonus of a new, non-paying member (404 when there is none). */
export const TimeBonusResponseSchema = z.object({
  code: z.string(),
  value_percentage: z.number().int(),
  /** Seconds left at the time of the answer. */
  seconds_left: z.number().int(),
});

/** `POST /api/payment.php`: start buying a bundle; the browser then goes to `checkout_url`. */
export const StartPaymentSchema = z.object({
  bundle: RowIdSchema,
  method: z.enum(PAYMENT_METHODS),
  country: CountrySchema,
  code: z.string().trim().min(1).max(40).optional(),
});

/** A payment as its payer sees it (status page, transactions list, receipt). */
export const PaymentSchema = z.object({
  id: z.number().int(),
  state: z.enum(PAYMENT_STATES),
  /** The bundle bought, and the payment country it was bought in (a retry opens that checkout). */
  bundle: z.number().int(),
  country: z.string(),
  credits: z.number().int(),
  /** Charged, minor units. */
  amount: z.number().int(),
  /** Before the discount. */
  list_amount: z.number().int(),
  currency: z.string(),
  method: z.string(),
  discount_code: z.string().nullable(),
  discount_percentage: z.number().int(),
  /** Minor units refunded or charged back. */
  reversed_amount: z.number().int(),
  created: z.string(),
  paid_at: z.string().nullable(),
  /** Where to complete the payment while it is pending (null once settled). */
  checkout_url: z.string().nullable(),
  recurring: z.boolean(),
  /** Paid but held for customer service (not booked yet): pending until a person decides. */
  held: z.boolean(),
});
export type Payment = z.infer<typeof PaymentSchema>;

export const PaymentResponseSchema = z.object({ payment: PaymentSchema });
export const PaymentQuerySchema = z.object({ id: RowIdParamSchema });
export const PaymentsResponseSchema = z.object({ payments: z.array(PaymentSchema) });

/** `GET /api/repeatorder.php`: what one step would buy again, with which stored mandate. */
export const RepeatOrderResponseSchema = z.object({
  bundle: BundleSchema,
  country: z.string(),
  method: z.enum(['creditcard', 'directdebit']),
  /** What the member recognises the mandate by ("Visa •••• 4242", "NL•• •••• 1234"). */
  mandate: z.string(),
});
/** `POST /api/repeatorder.php`: buy it (optionally another bundle of the same country). */
export const RepeatOrderSchema = z.object({ bundle: RowIdSchema.optional() });

/** `POST /api/directdebit.php`: the form (spec §5); answers that an SMS code was sent. */
export const DirectDebitSchema = z.object({
  bundle: RowIdSchema,
  country: CountrySchema,
  code: z.string().trim().min(1).max(40).optional(),
  account_holder: z.string().trim().min(2).max(120),
  iban: z.string().trim().min(5).max(42),
  street: z.string().trim().min(1).max(120),
  house_number: z.string().trim().min(1).max(20),
  postal_code: z.string().trim().min(2).max(12),
  city: z.string().trim().min(1).max(80),
  mobile: z.string().trim().min(5).max(24),
  authorisation: z.literal(true),
});
export const DirectDebitStartedSchema = z.object({
  request: z.number().int(),
  /** The mobile number the code went to, partly hidden. */
  sent_to: z.string(),
  expires: z.string(),
});
/** `POST /api/directdebit-confirm.php`: the SMS code; answers the payment. */
export const DirectDebitConfirmSchema = z.object({
  request: RowIdSchema,
  sms_code: z
    .string()
    .trim()
    .regex(/^\d{4,8}$/),
});

/** `POST /api/sandbox-payment.php`: the sandbox checkout's choice. */
export const SandboxOutcomeSchema = z.object({
  payment: z.string().regex(/^tr_sbx_[A-Za-z0-9]{6,40}$/),
  outcome: z.enum(SANDBOX_OUTCOMES),
  /** For a first card payment: later repeat orders on this card are declined (to try that path). */
  decline_repeats: z.boolean().optional(),
});
export { SANDBOX_OUTCOMES };
