import { http, HttpResponse } from 'msw';
import {
  discountedAmount,
  methodsForCountry,
  type Bundle,
  type DiscountCode,
  type Payment,
  type PaymentMethod,
  type SandboxOutcome,
} from '@/lib/shared/schemas/payments';
import type { CreditLedgerEntry } from '@/lib/shared/schemas/credits';
import { apiError } from './api-error';

/** The mocked money API's world; tests change it to reach each state. */
export interface MockPaymentsState {
  /** The country the server picks when none is asked. */
  defaultCountry: string;
  bundles: Record<string, { currency: string; bundles: Bundle[] }>;
  refundDays: number;
  prices: { message: number; photo: number; gift: number };
  /** The known codes, with whether the member used them already. */
  /** `used`: on a completed payment of the member; `reserved`: on a payment not finished yet. */
  codes: (DiscountCode & { used?: boolean; reserved?: boolean })[];
  payments: Payment[];
  /** The member's credit history, newest first. */
  ledger: CreditLedgerEntry[];
  /** What the next settled payment becomes when the sandbox is not involved (tests). */
  mandate: { method: 'creditcard' | 'directdebit'; label: string; bundle: number; country: string } | null;
  /** The stored card is declined on a repeat order. */
  declineRepeats: boolean;
  directDebitBlocked: boolean;
  /** Sandbox payments by their provider id. */
  sandbox: Record<string, { payment: number; status: string; sequence: 'oneoff' | 'first' | 'recurring' }>;
  /** Calls received, for tests to check what was asked. */
  started: { bundle: number; method: string; country: string; code?: string }[];
  /** Answers that fail instead (`bundles`, `methods`, `start`, `payment`). */
  failing: Set<'bundles' | 'methods' | 'start' | 'payment'>;
}

const COUNTRY_PRICES: Record<string, { currency: string; amounts: [number, number, number, number] }> = {
  NL: { currency: 'EUR', amounts: [2495, 5495, 10495, 19900] },
  BE: { currency: 'EUR', amounts: [2495, 5495, 10495, 19900] },
  DE: { currency: 'EUR', amounts: [2495, 5495, 10495, 19900] },
  GB: { currency: 'GBP', amounts: [2195, 4895, 9395, 17795] },
  SE: { currency: 'SEK', amounts: [28695, 63195, 120795, 228995] },
  PL: { currency: 'PLN', amounts: [11195, 24795, 47395, 89995] },
};
const CREDITS = [100, 250, 500, 1000] as const;

function mockBundles(): MockPaymentsState['bundles'] {
  let id = 1;
  return Object.fromEntries(
    Object.entries(COUNTRY_PRICES).map(([country, { currency, amounts }]) => [
      country,
      {
        currency,
        bundles: CREDITS.map((credits, index) => ({
          id: id++,
          credits,
          amount: amounts[index] ?? 0,
          currency,
          best_value: index === 2,
        })),
      },
    ]),
  );
}

const code = (values: Partial<DiscountCode> & { code: string; value_percentage: number }): DiscountCode => ({
  country: null,
  user_id: null,
  expires: null,
  currency: null,
  minimum_order_value: null,
  status: 'active',
  validity: 'once_per_user',
  expired: false,
  paymentmethods: [],
  ...values,
});

export function createMockPaymentsState(): MockPaymentsState {
  return {
    defaultCountry: 'NL',
    bundles: mockBundles(),
    refundDays: 14,
    prices: { message: 10, photo: 20, gift: 20 },
    codes: [
      code({ code: 'LOVELANE10', value_percentage: 10, validity: 'unlimited' }),
      code({ code: 'WELCOME25', value_percentage: 25 }),
      { ...code({ code: 'SPRING20', value_percentage: 20 }), used: true },
      code({ code: 'BIGORDER15', value_percentage: 15, minimum_order_value: 10000, currency: 'EUR' }),
      code({ code: 'PAYPAL5', value_percentage: 5, paymentmethods: ['paypal'] }),
      { ...code({ code: 'ONCE30', value_percentage: 30 }), reserved: true },
    ],
    payments: [],
    ledger: [],
    mandate: null,
    declineRepeats: false,
    directDebitBlocked: false,
    sandbox: {},
    started: [],
    failing: new Set(),
  };
}

/** A settled payment for the list and the receipt (tests and the QA mode's history). */
export function addMockPayment(
  state: MockPaymentsState,
  values: Partial<Payment> & Pick<Payment, 'state'>,
): Payment {
  const id = (state.payments.reduce((max, p) => Math.max(max, p.id), 100) || 100) + 1;
  const payment: Payment = {
    id,
    bundle: 2,
    country: 'NL',
    credits: 250,
    amount: 5495,
    list_amount: 5495,
    currency: 'EUR',
    method: 'ideal',
    discount_code: null,
    discount_percentage: 0,
    reversed_amount: 0,
    created: new Date(Date.UTC(2026, 10, 1, 12, 0)).toISOString(),
    paid_at: values.state === 'completed' ? new Date(Date.UTC(2026, 10, 1, 12, 1)).toISOString() : null,
    checkout_url: null,
    recurring: false,
    held: false,
    ...values,
  };
  state.payments.unshift(payment);
  return payment;
}

function findBundle(state: MockPaymentsState, id: number): { bundle: Bundle; country: string } | null {
  for (const [country, { bundles }] of Object.entries(state.bundles)) {
    const bundle = bundles.find((b) => b.id === id);
    if (bundle) return { bundle, country };
  }
  return null;
}

/** Whether a code applies to this order: null when it does, else the refusal. */
function refuse(
  state: MockPaymentsState,
  text: string | null,
  order: { country?: string; bundle?: number; method?: string },
) {
  const found = state.codes.find((c) => c.code.toUpperCase() === (text ?? '').trim().toUpperCase());
  if (!found || found.status !== 'active') return { refusal: apiError('discount_not_found'), found: null };
  if (found.used) return { refusal: apiError('discount_used'), found: null };
  if (found.reserved) return { refusal: apiError('discount_reserved'), found: null };
  const bundle = order.bundle ? findBundle(state, order.bundle)?.bundle : undefined;
  if (found.country && order.country && found.country !== order.country)
    return {
      refusal: apiError('discount_not_applicable', { message: 'This code is not valid in this country.' }),
      found: null,
    };
  if (found.minimum_order_value && bundle && bundle.amount < found.minimum_order_value)
    return {
      refusal: apiError('discount_not_applicable', {
        message: 'This code needs a larger order.',
      }),
      found: null,
    };
  if (found.paymentmethods.length > 0 && order.method && !found.paymentmethods.includes(order.method))
    return {
      refusal: apiError('discount_not_applicable', {
        message: 'This code is not valid with this payment method.',
      }),
      found: null,
    };
  return { refusal: null, found };
}

const SANDBOX_STATUS: Record<SandboxOutcome, string> = {
  paid: 'paid',
  failed: 'failed',
  canceled: 'canceled',
  pending: 'pending',
  expired: 'expired',
};
const stateOf = (status: string): Payment['state'] =>
  status === 'paid'
    ? 'completed'
    : status === 'canceled'
      ? 'cancelled'
      : status === 'expired'
        ? 'expired'
        : status === 'open' || status === 'pending'
          ? 'pending'
          : 'failed';

/** The money endpoints (bundles, methods, payments, repeat orders, discount codes, the sandbox). */
export function createPaymentHandlers(
  state: MockPaymentsState = createMockPaymentsState(),
  onPaid: (payment: Payment) => void = () => {},
) {
  let sandboxSeq = 0;
  const createPayment = (
    bundle: Bundle,
    country: string,
    method: string,
    percentage: number,
    discount: string | null,
    recurring: boolean,
  ) => {
    const payment = addMockPayment(state, {
      state: 'pending',
      bundle: bundle.id,
      country,
      credits: bundle.credits,
      list_amount: bundle.amount,
      amount: discountedAmount(bundle.amount, percentage),
      currency: bundle.currency,
      method,
      discount_code: discount,
      discount_percentage: percentage,
      created: new Date().toISOString(),
      recurring,
    });
    sandboxSeq += 1;
    const providerId = `tr_sbx_mock${String(sandboxSeq).padStart(4, '0')}`;
    state.sandbox[providerId] = {
      payment: payment.id,
      status: 'open',
      sequence: recurring ? 'recurring' : method === 'creditcard' ? 'first' : 'oneoff',
    };
    payment.checkout_url = recurring ? null : `/sandbox/checkout/${providerId}`;
    return { payment, providerId };
  };
  const settle = (paymentId: number, status: string) => {
    const payment = state.payments.find((p) => p.id === paymentId);
    if (!payment) return;
    payment.state = stateOf(status);
    if (payment.state !== 'pending') payment.checkout_url = null;
    if (payment.state === 'completed') {
      payment.paid_at = new Date().toISOString();
      onPaid(payment);
    }
  };

  return [
    http.get('*/api/bundles.php', ({ request }) => {
      if (state.failing.has('bundles')) return apiError('internal_error', { status: 503 });
      const asked = new URL(request.url).searchParams.get('country');
      const country = asked && state.bundles[asked] ? asked : state.defaultCountry;
      const entry = state.bundles[country];
      if (!entry) return apiError('not_found');
      return HttpResponse.json({
        country,
        currency: entry.currency,
        countries: Object.keys(state.bundles),
        bundles: entry.bundles,
        refund_days: state.refundDays,
        prices: state.prices,
      });
    }),
    http.get('*/api/paymentmethods.php', ({ request }) => {
      if (state.failing.has('methods')) return apiError('internal_error', { status: 503 });
      const country = new URL(request.url).searchParams.get('country') ?? '';
      return HttpResponse.json({
        country,
        methods: methodsForCountry(country),
        direct_debit_blocked: state.directDebitBlocked,
      });
    }),
    http.get('*/api/discountcode.php', ({ request }) => {
      const params = new URL(request.url).searchParams;
      if (params.get('welcome') === 'true') {
        const welcome = state.codes.find((c) => c.code === 'WELCOME25');
        return welcome ? HttpResponse.json({ discount_code: welcome }) : apiError('discount_not_found');
      }
      const { refusal, found } = refuse(state, params.get('code'), {
        country: params.get('country') ?? undefined,
        bundle: Number(params.get('bundle')) || undefined,
        method: params.get('method') ?? undefined,
      });
      if (refusal || !found) return refusal ?? apiError('discount_not_found');
      const { used: _used, ...discount } = found;
      return HttpResponse.json({ discount_code: discount });
    }),
    http.post('*/api/payment.php', async ({ request }) => {
      const body = (await request.json()) as {
        bundle: number;
        method: PaymentMethod;
        country: string;
        code?: string;
      };
      state.started.push(body);
      if (state.failing.has('start')) return apiError('internal_error', { status: 503 });
      if (body.method === 'directdebit') return apiError('payment_unavailable');
      const found = findBundle(state, body.bundle);
      if (!found || found.country !== body.country) return apiError('not_found');
      let percentage = 0;
      if (body.code) {
        const { refusal, found: discount } = refuse(state, body.code, { ...body });
        if (refusal || !discount) return refusal ?? apiError('discount_not_found');
        percentage = discount.value_percentage;
      }
      const { payment } = createPayment(
        found.bundle,
        found.country,
        body.method,
        percentage,
        body.code ? body.code.toUpperCase() : null,
        false,
      );
      return HttpResponse.json({ payment }, { status: 201 });
    }),
    http.get('*/api/payment.php', ({ request }) => {
      if (state.failing.has('payment')) return apiError('internal_error', { status: 503 });
      const id = Number(new URL(request.url).searchParams.get('id'));
      const payment = state.payments.find((p) => p.id === id);
      return payment ? HttpResponse.json({ payment }) : apiError('not_found');
    }),
    http.get('*/api/transactions.php', () => HttpResponse.json({ payments: state.payments })),
    http.get('*/api/ledger.php', () =>
      HttpResponse.json({
        credits: state.ledger.reduce((sum, entry) => sum + entry.delta, 0),
        entries: state.ledger,
      }),
    ),
    http.get('*/api/repeatorder.php', () => {
      const mandate = state.mandate;
      const found = mandate ? findBundle(state, mandate.bundle) : null;
      if (!mandate || !found) return apiError('not_found');
      return HttpResponse.json({
        bundle: found.bundle,
        country: mandate.country,
        method: mandate.method,
        mandate: mandate.label,
      });
    }),
    http.post('*/api/repeatorder.php', async ({ request }) => {
      const body = (await request.json()) as { bundle?: number };
      const mandate = state.mandate;
      if (!mandate) return apiError('not_found');
      const found = findBundle(state, body.bundle ?? mandate.bundle);
      if (!found) return apiError('not_found');
      const { payment } = createPayment(found.bundle, mandate.country, mandate.method, 0, null, true);
      // The provider charges the stored mandate on its own; the mocked one answers at once.
      settle(payment.id, state.declineRepeats ? 'failed' : 'paid');
      return HttpResponse.json({ payment: { ...payment, state: 'pending' } }, { status: 201 });
    }),
    http.get('*/api/sandbox-payment.php', ({ request }) => {
      const providerId = new URL(request.url).searchParams.get('payment') ?? '';
      const entry = state.sandbox[providerId];
      const payment = entry && state.payments.find((p) => p.id === entry.payment);
      if (!entry || !payment) return apiError('not_found');
      return HttpResponse.json({
        payment: {
          id: providerId,
          amount: payment.amount,
          currency: payment.currency,
          method: payment.method,
          description: `${payment.credits} credits`,
          status: entry.status,
          sequence: entry.sequence,
          mandate: entry.sequence === 'recurring' ? (state.mandate?.label ?? null) : null,
          redirect_url: `/transactions/${payment.id}`,
        },
      });
    }),
    http.post('*/api/sandbox-payment.php', async ({ request }) => {
      const body = (await request.json()) as {
        payment: string;
        outcome: SandboxOutcome;
        decline_repeats?: boolean;
      };
      const entry = state.sandbox[body.payment];
      if (!entry) return apiError('not_found');
      entry.status = SANDBOX_STATUS[body.outcome];
      if (body.decline_repeats) state.declineRepeats = true;
      settle(entry.payment, entry.status);
      const payment = state.payments.find((p) => p.id === entry.payment);
      if (payment?.state === 'completed' && payment.method === 'creditcard') {
        const bundle = state.payments.length && findBundleByCredits(state, payment);
        if (bundle)
          state.mandate = {
            method: 'creditcard',
            label: 'Visa •••• 4242',
            bundle: bundle.bundle.id,
            country: bundle.country,
          };
      }
      return HttpResponse.json({ redirect_url: `/transactions/${entry.payment}` });
    }),
  ];
}

function findBundleByCredits(state: MockPaymentsState, payment: Payment) {
  for (const [country, { bundles, currency }] of Object.entries(state.bundles)) {
    if (currency !== payment.currency) continue;
    const bundle = bundles.find((b) => b.credits === payment.credits);
    if (bundle) return { bundle, country };
  }
  return null;
}
