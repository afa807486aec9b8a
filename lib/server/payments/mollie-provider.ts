import 'server-only';
import { z } from 'zod';
import type { ErrorCode } from '@/lib/shared/schemas/errors';
import { PAYMENT_METHODS, methodsForCountry, type PaymentMethod } from '@/lib/shared/values/payments';
import type { PaymentSequence, PaymentStatus } from '../db/schema/payments';
import { AppError } from '../errors';
import type {
  CreateMandateInput,
  CreatePaymentInput,
  MethodsInput,
  PaymentProvider,
  ProviderMandate,
  ProviderPayment,
  ProviderReversal,
} from './payment-provider';

/**
 * Mollie's REST API (v2) behind the app's payment provider shape, with plain `fetch`: payments,
 * payment methods, customers, SEPA direct-debit mandates, refunds and chargebacks. Amounts go to
 * Mollie as decimal strings ("10.00") and come back to the app as integers in the minor unit.
 */
export interface MollieProviderOptions {
  /** `live_…` or `test_…`; sent only as the bearer token, never in an error or a log line. */
  apiKey: string;
  baseUrl?: string;
  fetch?: typeof fetch;
  /** How long one request may take. */
  timeoutMs?: number;
  /** Pauses before each new try of a GET that met a 5xx or 429 answer (or a network failure). */
  retryDelaysMs?: readonly number[];
}

export const MOLLIE_API_URL = 'https://api.mollie.com/v2';
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_RETRY_DELAYS_MS = [200, 600] as const;

/** A failed call to Mollie: its problem answer (status, title, detail), a timeout or a network failure. */
export class MollieApiError extends Error {
  constructor(
    message: string,
    readonly details: {
      /** The HTTP status Mollie answered, or null when no answer came. */
      status: number | null;
      title?: string;
      detail?: string;
      /** The request field Mollie blames (422 answers). */
      field?: string;
      /** Which call failed: "GET /payments/tr_…". */
      request: string;
      cause?: unknown;
    },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'MollieApiError';
  }

  get status(): number | null {
    return this.details.status;
  }
}

// ---------------------------------------------------------------------------------------------
// Amounts

/** Currencies Mollie writes without decimals (its multicurrency table); all others have two. */
const ZERO_DECIMAL_CURRENCIES = new Set(['ISK', 'JPY']);

function decimalsOf(currency: string): number {
  return ZERO_DECIMAL_CURRENCIES.has(currency.toUpperCase()) ? 0 : 2;
}

/** 1000 EUR cents → { currency: 'EUR', value: '10.00' }. */
export function toMollieAmount(amountMinor: number, currency: string): { currency: string; value: string } {
  if (!Number.isSafeInteger(amountMinor))
    throw new RangeError(`amount ${amountMinor} is not whole minor units`);
  const decimals = decimalsOf(currency);
  const sign = amountMinor < 0 ? '-' : '';
  const digits = String(Math.abs(amountMinor)).padStart(decimals + 1, '0');
  const value = decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
  return { currency: currency.toUpperCase(), value: sign + value };
}

/** { currency: 'EUR', value: '10.00' } → 1000 (exact: the decimal string is read digit by digit). */
export function fromMollieAmount(amount: { currency: string; value: string }): number {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.value.trim());
  if (!match) throw new RangeError(`amount "${amount.value}" is not a decimal`);
  const decimals = decimalsOf(amount.currency);
  const fraction = (match[3] ?? '').padEnd(decimals, '0');
  if (fraction.length > decimals && /[1-9]/.test(fraction.slice(decimals))) {
    throw new RangeError(
      `amount "${amount.value}" has more than ${decimals} decimals for ${amount.currency}`,
    );
  }
  const minor = Number(match[2]) * 10 ** decimals + Number(fraction.slice(0, decimals) || '0');
  return match[1] ? -minor : minor;
}

// ---------------------------------------------------------------------------------------------
// Locales

/** The locales Mollie's checkout speaks. */
const MOLLIE_LOCALES = new Set([
  'en_US',
  'en_GB',
  'nl_NL',
  'nl_BE',
  'fr_FR',
  'fr_BE',
  'fr_LU',
  'de_DE',
  'de_AT',
  'de_CH',
  'de_LU',
  'es_ES',
  'ca_ES',
  'pt_PT',
  'it_IT',
  'nb_NO',
  'sv_SE',
  'fi_FI',
  'da_DK',
  'is_IS',
  'hu_HU',
  'pl_PL',
  'lv_LV',
  'lt_LT',
]);
/** A language's own Mollie locale, when the payer's country has no locale of that language. */
const LANGUAGE_LOCALES: Record<string, string> = {
  da: 'da_DK',
  de: 'de_DE',
  en: 'en_GB',
  es: 'es_ES',
  fi: 'fi_FI',
  fr: 'fr_FR',
  it: 'it_IT',
  nb: 'nb_NO',
  nl: 'nl_NL',
  pl: 'pl_PL',
  sv: 'sv_SE',
};

/**
 * Mollie's locale for a payer: the app's language in the payment country where Mollie has that pair
 * (`nl` in BE → `nl_BE`), else the language's home locale (`de` in NL → `de_DE`); undefined lets
 * Mollie detect it. A full locale (`nl_NL`, `nl-NL`) passes as it is when Mollie knows it.
 */
export function mollieLocale(locale: string, country: string): string | undefined {
  const full = locale.replace('-', '_');
  if (MOLLIE_LOCALES.has(full)) return full;
  const language = locale.slice(0, 2).toLowerCase();
  const paired = `${language}_${country.toUpperCase()}`;
  if (MOLLIE_LOCALES.has(paired)) return paired;
  return LANGUAGE_LOCALES[language];
}

// ---------------------------------------------------------------------------------------------
// Answers (only the fields the app reads; Mollie adds fields over time)

const Amount = z.object({ currency: z.string(), value: z.string() });
const Link = z.object({ href: z.string() }).nullish();

const RefundData = z.object({
  id: z.string(),
  amount: Amount,
  /** queued, pending, processing, refunded, failed, canceled. */
  status: z.string(),
});
const ChargebackData = z.object({
  id: z.string(),
  amount: Amount,
  /** Set when the chargeback was reversed (the money came back to the merchant). */
  reversedAt: z.string().nullish(),
});
const PaymentData = z.object({
  resource: z.literal('payment').optional(),
  id: z.string(),
  status: z.string(),
  amount: Amount,
  method: z.string().nullish(),
  sequenceType: z.string().nullish(),
  customerId: z.string().nullish(),
  mandateId: z.string().nullish(),
  metadata: z.unknown().optional(),
  _links: z.object({ checkout: Link }).partial().nullish(),
  _embedded: z
    .object({ refunds: z.array(RefundData).optional(), chargebacks: z.array(ChargebackData).optional() })
    .partial()
    .nullish(),
});
const MethodsData = z.object({
  _embedded: z.object({ methods: z.array(z.object({ id: z.string() })) }),
});
const CustomerData = z.object({ id: z.string() });
const MandateData = z.object({
  id: z.string(),
  status: z.string(),
  method: z.string(),
  details: z
    .object({
      consumerAccount: z.string().nullish(),
      cardLabel: z.string().nullish(),
      cardNumber: z.string().nullish(),
    })
    .partial()
    .nullish(),
});
const CreatedRefund = z.object({ id: z.string() });
const Problem = z.object({
  status: z.number().optional(),
  title: z.string().optional(),
  detail: z.string().optional(),
  field: z.string().optional(),
});

const PAYMENT_STATUSES = ['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired'] as const;
const SEQUENCES = ['oneoff', 'first', 'recurring'] as const;
/** Refunds in these states never take money back. */
const VOID_REFUND_STATUSES = new Set(['failed', 'canceled']);

/** Mollie's payment status as the app's; a status Mollie might add later counts as not settled. */
function toStatus(status: string): PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(status) ? (status as PaymentStatus) : 'pending';
}

function toSequence(sequence: string | null | undefined): PaymentSequence {
  return (SEQUENCES as readonly string[]).includes(sequence ?? '') ? (sequence as PaymentSequence) : 'oneoff';
}

/** "NL55INGB0000000000" → "NL•• •••• •••• 0000". */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  return `${compact.slice(0, 2)}•• •••• •••• ${compact.slice(-4)}`;
}

function mandateLabel(method: string, details: z.infer<typeof MandateData>['details']): string {
  if (method === 'directdebit') return details?.consumerAccount ? maskIban(details.consumerAccount) : '';
  const last4 = (details?.cardNumber ?? '').replace(/\D/g, '').slice(-4);
  return [details?.cardLabel, last4 ? `•••• ${last4}` : ''].filter(Boolean).join(' ');
}

function toPayment(data: z.infer<typeof PaymentData>): ProviderPayment {
  const refunds: ProviderReversal[] = (data._embedded?.refunds ?? [])
    .filter((refund) => !VOID_REFUND_STATUSES.has(refund.status))
    .map((refund) => ({
      id: refund.id,
      kind: 'refund',
      amountMinor: Math.abs(fromMollieAmount(refund.amount)),
    }));
  const chargebacks: ProviderReversal[] = (data._embedded?.chargebacks ?? [])
    .filter((chargeback) => !chargeback.reversedAt)
    .map((chargeback) => ({
      id: chargeback.id,
      kind: 'chargeback',
      amountMinor: Math.abs(fromMollieAmount(chargeback.amount)),
    }));
  const metadata = data.metadata;
  return {
    id: data.id,
    status: toStatus(data.status),
    amountMinor: fromMollieAmount(data.amount),
    currency: data.amount.currency,
    method: data.method ?? null,
    sequence: toSequence(data.sequenceType),
    customerId: data.customerId ?? null,
    mandateId: data.mandateId ?? null,
    checkoutUrl: data._links?.checkout?.href ?? null,
    metadata:
      metadata && typeof metadata === 'object' && !Array.isArray(metadata)
        ? (metadata as Record<string, unknown>)
        : {},
    reversals: [...refunds, ...chargebacks],
  };
}

/** Whether an address can be called from the internet (not this machine, a private network or a test name). */
export function isReachableFromOutside(address: string): boolean {
  let host: string;
  try {
    host = new URL(address).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (host === 'localhost' || /\.(localhost|local|test|internal|invalid|example)$/.test(host)) return false;
  // IPv6 literals: loopback, unique local (fc00::/7), link local.
  if (host.includes(':') && (host === '::1' || /^f[cd][0-9a-f]{0,2}:/.test(host) || host.startsWith('fe80:')))
    return false;
  const ipv4 = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(host);
  if (ipv4) {
    const [a, b] = [Number(ipv4[1]), Number(ipv4[2])];
    if (a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 192 && b === 168))
      return false;
    if (a === 172 && b >= 16 && b <= 31) return false;
  }
  return true;
}

/** Mollie's ids: letters, digits and underscores only (they go into paths). */
function checkId(kind: string, id: string, prefix: string): string {
  if (!new RegExp(`^${prefix}_[A-Za-z0-9]+$`).test(id))
    throw new RangeError(`not a Mollie ${kind} id: ${id}`);
  return id;
}

// ---------------------------------------------------------------------------------------------

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createMollieProvider(options: MollieProviderOptions): PaymentProvider {
  const apiKey = options.apiKey.trim();
  if (!/^(live|test)_\w{20,}$/.test(apiKey)) {
    throw new Error('MOLLIE_API_KEY must be a Mollie API key (live_… or test_…)');
  }
  const baseUrl = (options.baseUrl ?? MOLLIE_API_URL).replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;

  async function call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    schema: z.ZodType<T>,
    {
      query,
      body,
      refusal,
    }: {
      query?: URLSearchParams;
      body?: unknown;
      /** The app's error when Mollie refuses the request's content (422). */
      refusal?: ErrorCode;
    } = {},
  ): Promise<T> {
    const request = `${method} ${path}`;
    const url = `${baseUrl}${path}${query && query.size ? `?${query.toString()}` : ''}`;
    const headers: Record<string, string> = {
      accept: 'application/hal+json',
      authorization: `Bearer ${apiKey}`,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    // Only reads are tried again: a POST that timed out may have been carried out.
    const tries = method === 'GET' ? retryDelays.length + 1 : 1;
    for (let attempt = 1; ; attempt += 1) {
      let res: Response;
      try {
        res = await doFetch(url, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut =
          error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        if (attempt < tries) {
          await sleep(retryDelays[attempt - 1] ?? 0);
          continue;
        }
        throw new MollieApiError(
          `Mollie ${request}: ${timedOut ? `no answer within ${timeoutMs} ms` : 'the request failed'}`,
          { status: null, request, cause: error },
        );
      }
      if ((res.status >= 500 || res.status === 429) && attempt < tries) {
        await res.body?.cancel().catch(() => undefined);
        await sleep(retryDelays[attempt - 1] ?? 0);
        continue;
      }
      const text = await res.text().catch(() => '');
      let json: unknown = undefined;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: reported below
      }
      if (!res.ok) {
        const problem = Problem.safeParse(json);
        const { title, detail, field } = problem.success ? problem.data : {};
        const error = new MollieApiError(
          `Mollie ${request} answered ${res.status}${title ? ` ${title}` : ''}${detail ? `: ${detail}` : ''}`,
          { status: res.status, title, detail, field, request },
        );
        // What the app answers its own callers: an id Mollie does not know is not found (a webhook
        // for it is acknowledged); a payment or mandate Mollie refuses cannot be made (the payer
        // reads why in their language). Everything else is a failure of the service.
        const code: ErrorCode | null =
          res.status === 404 ? 'not_found' : res.status === 422 ? (refusal ?? null) : null;
        if (code) throw Object.assign(new AppError(code, { log: error.message }), { cause: error });
        throw error;
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        throw new MollieApiError(`Mollie ${request} answered ${res.status} with an unexpected body`, {
          status: res.status,
          request,
          cause: parsed.error,
        });
      }
      return parsed.data;
    }
  }

  async function methodIds(input: MethodsInput, sequence: PaymentSequence): Promise<string[]> {
    const amount = toMollieAmount(input.amountMinor, input.currency);
    const query = new URLSearchParams({
      'amount[value]': amount.value,
      'amount[currency]': amount.currency,
      billingCountry: input.country,
      sequenceType: sequence,
    });
    const locale = mollieLocale(input.locale, input.country);
    if (locale) query.set('locale', locale);
    // Apple Pay is listed only to a checkout that says it supports the wallet; Mollie's hosted page
    // offers it on the payer's Apple device.
    query.set('includeWallets', 'applepay');
    const answer = await call('GET', '/methods', MethodsData, { query });
    return answer._embedded.methods.map((method) => method.id);
  }

  return {
    name: 'mollie',

    async listMethods(input) {
      const offered = new Set(await methodIds(input, input.sequence));
      // Direct debit is never a one-off method at Mollie: the app takes the mandate itself and
      // charges it as a recurring payment, so it is offered when the account has recurring direct debit.
      const countryMethods = methodsForCountry(input.country);
      if (
        input.sequence === 'oneoff' &&
        countryMethods.includes('directdebit') &&
        !offered.has('directdebit')
      ) {
        if ((await methodIds(input, 'recurring')).includes('directdebit')) offered.add('directdebit');
      }
      const known = (id: string): id is PaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(id);
      // The country's usual order first, then what else Mollie offers there that the app knows.
      const ordered = countryMethods.filter((method) => offered.has(method));
      for (const id of offered) if (known(id) && !ordered.includes(id)) ordered.push(id);
      return ordered;
    },

    async createCustomer({ name, email, userId }) {
      const customer = await call('POST', '/customers', CustomerData, {
        body: { name, email, metadata: { userId } },
      });
      return { id: customer.id };
    },

    async createPayment(input: CreatePaymentInput) {
      const locale = mollieLocale(input.locale, input.billingCountry);
      const body: Record<string, unknown> = {
        amount: toMollieAmount(input.amountMinor, input.currency),
        description: input.description,
        redirectUrl: input.redirectUrl,
        metadata: input.metadata,
        sequenceType: input.sequence,
      };
      // Mollie refuses a webhook it cannot reach (a copy on one's own machine): then the status
      // page's re-fetching while the payment is pending is what brings the news.
      if (isReachableFromOutside(input.webhookUrl)) body.webhookUrl = input.webhookUrl;
      if (input.method) body.method = input.method;
      if (locale) body.locale = locale;
      if (input.customerId) body.customerId = checkId('customer', input.customerId, 'cst');
      if (input.mandateId) body.mandateId = checkId('mandate', input.mandateId, 'mdt');
      // Pay-later methods need the billing country (Mollie asks the rest on its own page).
      if (input.method === 'klarna') body.billingAddress = { country: input.billingCountry };
      const payment = await call('POST', '/payments', PaymentData, {
        body,
        refusal: 'payment_unavailable',
      });
      return toPayment(payment);
    },

    async getPayment(id) {
      const payment = await call('GET', `/payments/${checkId('payment', id, 'tr')}`, PaymentData, {
        query: new URLSearchParams({ embed: 'refunds,chargebacks' }),
      });
      return toPayment(payment);
    },

    async createMandate(input: CreateMandateInput): Promise<ProviderMandate> {
      const customerId = checkId('customer', input.customerId, 'cst');
      const mandate = await call('POST', `/customers/${customerId}/mandates`, MandateData, {
        body: {
          method: input.method,
          consumerName: input.consumerName,
          consumerAccount: input.consumerAccount.replace(/\s+/g, '').toUpperCase(),
          signatureDate: input.signatureDate,
          mandateReference: input.mandateReference,
        },
        refusal: 'payment_unavailable',
      });
      return toMandate(mandate);
    },

    async getMandate(customerId, mandateId) {
      const mandate = await call(
        'GET',
        `/customers/${checkId('customer', customerId, 'cst')}/mandates/${checkId('mandate', mandateId, 'mdt')}`,
        MandateData,
      );
      return toMandate(mandate);
    },

    async revokeMandate(customerId, mandateId) {
      // Mollie answers 204 without a body; a mandate it no longer knows is revoked already.
      await call(
        'DELETE',
        `/customers/${checkId('customer', customerId, 'cst')}/mandates/${checkId('mandate', mandateId, 'mdt')}`,
        z.undefined(),
      ).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'not_found') return;
        throw error;
      });
    },

    async refund({ paymentId, amountMinor, currency, description }) {
      const refund = await call(
        'POST',
        `/payments/${checkId('payment', paymentId, 'tr')}/refunds`,
        CreatedRefund,
        {
          body: { amount: toMollieAmount(amountMinor, currency), description },
        },
      );
      return { id: refund.id };
    },
  };
}

/**
 * A mandate as the app keeps it. Only card and SEPA direct-debit mandates can pay a repeat order;
 * any other kind (a PayPal billing agreement) is reported as not usable.
 */
function toMandate(data: z.infer<typeof MandateData>): ProviderMandate {
  const usable = data.method === 'creditcard' || data.method === 'directdebit';
  const status = data.status === 'valid' || data.status === 'pending' ? data.status : 'invalid';
  return {
    id: data.id,
    status: usable ? status : 'invalid',
    method: data.method === 'creditcard' ? 'creditcard' : 'directdebit',
    label: mandateLabel(data.method, data.details),
  };
}
