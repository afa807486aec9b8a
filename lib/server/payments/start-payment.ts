import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { discountedAmount, type Payment, type PaymentMethod } from '@/lib/shared/schemas/payments';
import { getDb, type Db } from '../db/client';
import { preparedPerDatabase } from '../db/prepared-queries';
import { users } from '../db/schema/auth';
import { profiles } from '../db/schema/members';
import {
  creditBundles,
  discountCodes,
  discountRedemptions,
  discountReservations,
  paymentAccounts,
  payments,
} from '../db/schema/payments';
import { checkDiscount, type ResolvedDiscount } from '../discounts/resolve-discount';
import { AppError } from '../errors';
import { getPaymentProvider } from './get-payment-provider';
import { failOpening, linkProviderPayment, openedPaymentView, paymentUrls } from './open-payment';
import type { PaymentProvider } from './payment-provider';
import type { PaymentRow } from './payment-view';

/**
 * Starts buying a bundle (POST /api/payment.php): the price is the bundle's, less the discount of
 * `code` when it applies; a card payment is a `first` payment, so paying it stores the card for
 * repeat orders. The payer then goes to the answer's `checkout_url`. Direct debit has its own path
 * (form, SMS code: startDirectDebitPayment).
 *
 * Two round trips to the database before the provider is called (the route's budget is a third):
 * one read of everything the checks need (bundle, code and the member's use of it, payment account),
 * and one statement that books the payment (row, once-only code reservation, account; the
 * `open_checkout_payment` function). The provider is called outside any transaction, and one
 * statement stores its id and checkout URL. The webhook then re-fetches the payment from the
 * provider and grants once, as for every payment.
 */
export async function startPayment(options: {
  userId: number;
  bundleId: number;
  method: PaymentMethod;
  country: string;
  code?: string;
  origin: string;
  locale: string;
}): Promise<Payment> {
  if (options.method === 'directdebit') {
    throw new AppError('payment_unavailable', { log: 'direct debit goes through the direct-debit form' });
  }
  const context = await loadCheckout(options);
  const { bundle } = context;
  if (!bundle || !bundle.active || bundle.country !== options.country) {
    throw new AppError('not_found', { log: `no bundle ${options.bundleId} on sale in ${options.country}` });
  }
  const provider = getPaymentProvider();
  const methods = await provider.listMethods({
    country: options.country,
    amountMinor: bundle.amountMinor,
    currency: bundle.currency,
    sequence: 'oneoff',
    locale: options.locale,
  });
  if (!methods.includes(options.method)) {
    throw new AppError('payment_unavailable', { log: `${options.method} not offered in ${options.country}` });
  }
  const discount: ResolvedDiscount | null = options.code
    ? checkDiscount({
        userId: options.userId,
        code: options.code,
        order: {
          country: options.country,
          currency: bundle.currency,
          amountMinor: bundle.amountMinor,
          method: options.method,
        },
        row: context.code,
        member: context.member,
        used: context.used,
        holder: context.holder,
      })
    : null;
  const isCard = options.method === 'creditcard';
  // A card payment hangs on the member's customer at the provider, made the first time.
  const knownCustomer =
    context.account?.providerCustomerId && context.account.customerProvider === provider.name
      ? context.account.providerCustomerId
      : null;
  const newCustomer =
    isCard && !knownCustomer ? await createCustomer(provider, options.userId, context.member) : null;
  const customerId = isCard ? (knownCustomer ?? newCustomer ?? undefined) : undefined;

  const amountMinor = discount
    ? discountedAmount(bundle.amountMinor, discount.code.valuePercentage)
    : bundle.amountMinor;
  const sequence = isCard ? 'first' : 'oneoff';
  const paymentId = await bookCheckout({
    userId: options.userId,
    bundle,
    country: options.country,
    amountMinor,
    discount: discount ? { codeId: discount.code.id, percentage: discount.code.valuePercentage } : null,
    method: options.method,
    provider,
    sequence,
    newCustomer,
  });

  const { redirectUrl, webhookUrl } = paymentUrls(options.origin, provider.name, paymentId);
  let linked: PaymentRow | undefined;
  try {
    const created = await provider.createPayment({
      amountMinor,
      currency: bundle.currency,
      description: `${bundle.credits} credits (#${paymentId})`,
      method: options.method,
      redirectUrl,
      webhookUrl,
      metadata: { paymentId, userId: options.userId },
      sequence,
      customerId,
      locale: options.locale,
      billingCountry: options.country,
    });
    linked = await linkProviderPayment(paymentId, created);
  } catch (error) {
    return failOpening({ paymentId, provider, error });
  }
  return openedPaymentView({
    userId: options.userId,
    paymentId,
    linked,
    discountCode: discount?.code.code ?? null,
  });
}

type CheckoutContext = Awaited<ReturnType<typeof loadCheckout>>;

/**
 * Everything the checkout's checks need, in one statement: the bundle, the member (signup, whether
 * they paid, name and address for the provider's customer), their payment account, and with a code
 * the code, whether the member redeemed it and the payment holding their reservation of it.
 */
async function loadCheckout(options: { userId: number; bundleId: number; code?: string }) {
  const code = options.code?.trim().toUpperCase();
  const [row] = await checkoutQuery(await getDb(), Boolean(code)).execute({
    userId: options.userId,
    bundleId: options.bundleId,
    code: code ?? '',
  });
  return {
    bundle: row?.bundle ?? null,
    account: row?.account ?? null,
    member: row ? row.member : null,
    code: row?.code ?? null,
    used: row?.used ?? false,
    holder: row?.holder?.paymentId != null ? row.holder : null,
  };
}

/** loadCheckout's statement, with a code or without, built once per database and prepared. */
function buildCheckoutQuery(db: Db, withCode: boolean) {
  return db
    .select({
      bundle: creditBundles,
      account: paymentAccounts,
      member: {
        createdAt: users.createdAt,
        paidUser: users.paidUser,
        email: users.email,
        name: profiles.name,
      },
      code: discountCodes,
      used: sql<boolean>`exists (select 1 from ${discountRedemptions}
        where ${discountRedemptions.discountCodeId} = ${discountCodes.id}
          and ${discountRedemptions.userId} = ${users.id})`.mapWith(Boolean),
      holder: {
        paymentId: payments.id,
        status: payments.status,
        paidAt: payments.paidAt,
        providerPaymentId: payments.providerPaymentId,
        createdAt: payments.createdAt,
      },
    })
    .from(users)
    .leftJoin(creditBundles, eq(creditBundles.id, sql.placeholder('bundleId')))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(paymentAccounts, eq(paymentAccounts.userId, users.id))
    .leftJoin(
      discountCodes,
      withCode ? sql`upper(${discountCodes.code}) = ${sql.placeholder('code')}` : sql`false`,
    )
    .leftJoin(
      discountReservations,
      and(
        eq(discountReservations.discountCodeId, discountCodes.id),
        eq(discountReservations.userId, users.id),
      ),
    )
    .leftJoin(payments, eq(payments.id, discountReservations.paymentId))
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare(withCode ? 'checkout_load_code' : 'checkout_load');
}

const checkoutQuery = preparedPerDatabase(buildCheckoutQuery);

async function createCustomer(
  provider: PaymentProvider,
  userId: number,
  member: CheckoutContext['member'],
): Promise<string> {
  if (!member) throw new Error(`No member ${userId}`);
  const customer = await provider.createCustomer({
    name: member.name ?? member.email,
    email: member.email,
    userId,
  });
  return customer.id;
}

/**
 * Books the payment row with the code's reservation and the member's payment account in one
 * statement (see migration 0031). A code held by another payment of the member answers
 * `discount_used` or `discount_reserved`, and nothing is booked.
 */
async function bookCheckout(options: {
  userId: number;
  bundle: NonNullable<CheckoutContext['bundle']>;
  country: string;
  amountMinor: number;
  discount: { codeId: number; percentage: number } | null;
  method: PaymentMethod;
  provider: PaymentProvider;
  sequence: 'first' | 'oneoff';
  newCustomer: string | null;
}): Promise<number> {
  const db = await getDb();
  const { bundle, discount } = options;
  try {
    const result = (await db.execute(sql`select open_checkout_payment(
      ${options.userId}::integer, ${bundle.id}::integer, ${options.country}::text, ${bundle.currency}::text,
      ${bundle.credits}::integer, ${bundle.amountMinor}::integer, ${options.amountMinor}::integer,
      ${discount?.codeId ?? null}::integer, ${discount?.percentage ?? 0}::integer, ${options.method}::text,
      ${options.provider.name}::text, ${options.sequence}::text, ${options.newCustomer}::text,
      ${new Date().toISOString()}::timestamptz) as id`)) as { rows: { id: number | string }[] };
    const id = Number(result.rows[0]?.id);
    if (!Number.isInteger(id)) throw new Error('payment not stored');
    return id;
  } catch (error) {
    // The customer just made at the provider is kept for the next payment.
    if (options.newCustomer) await rememberCustomer(options.userId, options.provider, options.newCustomer);
    const state = sqlState(error);
    if (state === 'LLD01' || state === 'LLD02') {
      throw new AppError(state === 'LLD01' ? 'discount_used' : 'discount_reserved', {
        log: errorMessage(error),
      });
    }
    throw error;
  }
}

async function rememberCustomer(userId: number, provider: PaymentProvider, customerId: string) {
  const db = await getDb();
  const now = new Date();
  await db
    .insert(paymentAccounts)
    .values({ userId, customerProvider: provider.name, providerCustomerId: customerId, updatedAt: now })
    .onConflictDoUpdate({
      target: paymentAccounts.userId,
      set: { customerProvider: provider.name, providerCustomerId: customerId, updatedAt: now },
    });
}

/** The SQLSTATE of a database error (Drizzle wraps the driver's error in `cause`). */
function sqlState(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = cause;
  }
  return null;
}

function errorMessage(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause;
  const source = cause instanceof Error ? cause : error;
  return source instanceof Error ? source.message : String(source);
}
