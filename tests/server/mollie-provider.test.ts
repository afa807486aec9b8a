import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createMollieProvider,
  fromMollieAmount,
  isReachableFromOutside,
  maskIban,
  MollieApiError,
  mollieLocale,
  toMollieAmount,
} from '@/lib/server/payments/mollie-provider';
import { AppError } from '@/lib/server/errors';
import type { CreatePaymentInput } from '@/lib/server/payments/payment-provider';

// A Mollie test-mode exchange in Mollie's v2 shapes (tests/fixtures/mollie), replayed through an
// injected fetch that checks every request the adapter makes: nothing leaves the machine.

const API_KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/mollie');

interface Exchange {
  description: string;
  request: {
    method: string;
    path: string;
    query: Record<string, string>;
    headers?: Record<string, string>;
    body: unknown;
  };
  response: { status: number; body: unknown };
}

function fixture(name: string): Exchange {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as Exchange;
}

type Answer = Exchange | ((request: Request) => Response | Promise<Response>);

/**
 * A fetch that expects exactly these calls in this order: each recorded request is checked (method,
 * path, query, JSON body, bearer key, headers) and answered with its recorded response.
 */
function replay(...answers: Answer[]) {
  const queue = [...answers];
  const seen: Request[] = [];
  // A failed check is kept as well as thrown: the adapter would take a throw for a network failure.
  const failures: unknown[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    seen.push(request.clone());
    const next = queue.shift();
    if (typeof next === 'function') return next(request);
    try {
      return await check(request, next);
    } catch (error) {
      failures.push(error);
      throw error;
    }
  };
  const check = async (request: Request, next: Exchange | undefined): Promise<Response> => {
    if (!next) throw new Error(`unexpected request ${request.method} ${request.url}`);
    const url = new URL(request.url);
    expect(`${request.method} ${url.origin}${url.pathname}`, next.description).toBe(
      `${next.request.method} https://api.mollie.com${next.request.path}`,
    );
    expect(Object.fromEntries(url.searchParams), next.description).toEqual(next.request.query);
    expect(request.headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
    for (const [name, value] of Object.entries(next.request.headers ?? {})) {
      expect(request.headers.get(name), `${next.description}: header ${name}`).toBe(value);
    }
    if (next.request.body === null) {
      expect(await request.text(), next.description).toBe('');
    } else {
      expect(request.headers.get('content-type')).toBe('application/json');
      expect(await request.json(), next.description).toEqual(next.request.body);
    }
    return json(next.response.status, next.response.body);
  };
  return {
    fetch,
    seen,
    done: () => {
      if (failures.length) throw failures[0];
      expect(queue.map((a) => (typeof a === 'function' ? 'a scripted answer' : a.description))).toEqual([]);
    },
  };
}

function json(status: number, body: unknown): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/hal+json' },
  });
}

function mollie(mock: { fetch: typeof globalThis.fetch }, extra: { timeoutMs?: number } = {}) {
  return createMollieProvider({ apiKey: API_KEY, fetch: mock.fetch, retryDelaysMs: [1, 1], ...extra });
}

const APP = 'https://lovelane.example.com';
const idealPayment: CreatePaymentInput = {
  amountMinor: 4121,
  currency: 'EUR',
  description: 'Lovelane 250 credits',
  method: 'ideal',
  redirectUrl: `${APP}/transactions/4021`,
  webhookUrl: `${APP}/api/webhooks/mollie.php`,
  metadata: { paymentId: 4021, userId: 1187 },
  sequence: 'oneoff',
  locale: 'nl',
  billingCountry: 'NL',
};

async function rejection(promise: Promise<unknown>): Promise<MollieApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MollieApiError);
  return error as MollieApiError;
}

/** The app's error a caller is answered with, carrying Mollie's problem as its cause. */
async function appRejection(
  promise: Promise<unknown>,
  code: string,
): Promise<{ app: AppError; mollie: MollieApiError }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const app = error as AppError;
  expect(app.code).toBe(code);
  expect(app.cause).toBeInstanceOf(MollieApiError);
  // The log line is Mollie's own words.
  expect(app.message).toBe((app.cause as MollieApiError).message);
  return { app, mollie: app.cause as MollieApiError };
}

function expectNoKey(error: unknown) {
  expect(String(error)).not.toContain(API_KEY);
  expect(JSON.stringify(error)).not.toContain(API_KEY);
  expect(JSON.stringify((error as { details?: unknown }).details ?? {})).not.toContain(API_KEY);
}

describe('Mollie adapter, replaying a recorded test-mode exchange', () => {
  it('buys with iDEAL: create (open, with the checkout page), webhook, re-fetch (paid)', async () => {
    const mock = replay(fixture('payment-create'), fixture('payment-get-paid'));
    const provider = mollie(mock);
    expect(provider.name).toBe('mollie');

    const created = await provider.createPayment(idealPayment);
    expect(created).toEqual({
      id: 'tr_WDqYK6vllg',
      status: 'open',
      amountMinor: 4121,
      currency: 'EUR',
      method: 'ideal',
      sequence: 'oneoff',
      customerId: null,
      mandateId: null,
      checkoutUrl: 'https://www.mollie.com/checkout/test-mode?method=ideal&token=6.2xhvx7',
      metadata: { paymentId: 4021, userId: 1187 },
      reversals: [],
    });

    // The webhook carries only the id; the app believes nothing else and re-fetches.
    const webhook = fixture('webhook');
    const id = new URLSearchParams(webhook.request.body as string).get('id') ?? '';
    expect(id).toBe(created.id);
    const paid = await provider.getPayment(id);
    expect(paid).toMatchObject({
      id: created.id,
      status: 'paid',
      amountMinor: 4121,
      checkoutUrl: null,
      reversals: [],
    });
    expect(paid.metadata).toEqual({ paymentId: 4021, userId: 1187 });
    mock.done();
  });

  it('refunds, then lists only refunds that take money back; a chargeback is a reversal of its own kind', async () => {
    const mock = replay(
      fixture('refund-create'),
      fixture('payment-get-refunded'),
      fixture('payment-get-charged-back'),
    );
    const provider = mollie(mock);

    const refund = await provider.refund({
      paymentId: 'tr_WDqYK6vllg',
      amountMinor: 1000,
      currency: 'EUR',
      description: 'Lovelane 250 credits (refund)',
    });
    expect(refund).toEqual({ id: 're_4qqhO89gsT' });

    // The canceled refund of 5.00 gave nothing back.
    const refunded = await provider.getPayment('tr_WDqYK6vllg');
    expect(refunded.status).toBe('paid');
    expect(refunded.reversals).toEqual([{ id: 're_4qqhO89gsT', kind: 'refund', amountMinor: 1000 }]);

    // The failed refund of 3.00 neither; the bank took the whole payment back.
    const chargedBack = await provider.getPayment('tr_WDqYK6vllg');
    expect(chargedBack.reversals).toEqual([
      { id: 're_4qqhO89gsT', kind: 'refund', amountMinor: 1000 },
      { id: 'chb_xFzwUN4ci8HAmSGUACS4J', kind: 'chargeback', amountMinor: 4121 },
    ]);
    mock.done();
  });

  it('lists the methods Mollie offers in the payment country, in the country’s order, known ones only', async () => {
    const mock = replay(fixture('methods-nl-oneoff'), fixture('methods-nl-recurring'));
    const methods = await mollie(mock).listMethods({
      country: 'NL',
      amountMinor: 4121,
      currency: 'EUR',
      sequence: 'oneoff',
      locale: 'nl',
    });
    // riverty and in3 are not methods of the app; trustly is, though not usual in NL; direct
    // debit comes from the recurring list (the app takes the mandate itself).
    expect(methods).toEqual([
      'ideal',
      'creditcard',
      'paypal',
      'directdebit',
      'applepay',
      'banktransfer',
      'klarna',
      'trustly',
    ]);
    mock.done();
  });

  it('asks once when direct debit is not a method of the country', async () => {
    const mock = replay((request) => {
      const url = new URL(request.url);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        'amount[value]': '549.00',
        'amount[currency]': 'PLN',
        billingCountry: 'PL',
        sequenceType: 'oneoff',
        locale: 'pl_PL',
        includeWallets: 'applepay',
      });
      return json(200, {
        count: 3,
        _embedded: { methods: [{ id: 'przelewy24' }, { id: 'blik' }, { id: 'paysafecard' }] },
      });
    });
    const methods = await mollie(mock).listMethods({
      country: 'PL',
      amountMinor: 54900,
      currency: 'PLN',
      sequence: 'oneoff',
      locale: 'pl',
    });
    expect(methods).toEqual(['blik', 'przelewy24']);
    mock.done();
  });

  it('makes a customer, takes a direct-debit mandate and pays a repeat order with it', async () => {
    const mock = replay(
      fixture('customer-create'),
      fixture('mandate-create'),
      fixture('mandate-get-directdebit'),
      fixture('mandate-get-creditcard'),
      fixture('payment-create-recurring'),
    );
    const provider = mollie(mock);

    expect(
      await provider.createCustomer({ name: 'Sanne de Vries', email: 'sanne@example.org', userId: 1187 }),
    ).toEqual({
      id: 'cst_8wmqcHMN4U',
    });

    const mandate = await provider.createMandate({
      customerId: 'cst_8wmqcHMN4U',
      method: 'directdebit',
      consumerName: 'Sanne de Vries',
      consumerAccount: 'NL55 INGB 0000 0000 00',
      signatureDate: '2026-11-25',
      mandateReference: 'LOVELANE-1187-0007',
    });
    expect(mandate).toEqual({
      id: 'mdt_pWUnw6pkBN',
      status: 'valid',
      method: 'directdebit',
      label: 'NL•• •••• •••• 0000',
    });
    expect(await provider.getMandate('cst_8wmqcHMN4U', 'mdt_pWUnw6pkBN')).toEqual(mandate);
    expect(await provider.getMandate('cst_8wmqcHMN4U', 'mdt_h3gAaD5zP')).toEqual({
      id: 'mdt_h3gAaD5zP',
      status: 'valid',
      method: 'creditcard',
      label: 'Visa •••• 4242',
    });

    const repeat = await provider.createPayment({
      ...idealPayment,
      amountMinor: 5495,
      method: 'directdebit',
      redirectUrl: `${APP}/transactions/4022`,
      metadata: { paymentId: 4022, userId: 1187 },
      sequence: 'recurring',
      customerId: 'cst_8wmqcHMN4U',
      mandateId: 'mdt_pWUnw6pkBN',
    });
    expect(repeat).toMatchObject({
      id: 'tr_7UhSN1zuXS',
      status: 'pending',
      amountMinor: 5495,
      method: 'directdebit',
      sequence: 'recurring',
      customerId: 'cst_8wmqcHMN4U',
      mandateId: 'mdt_pWUnw6pkBN',
      checkoutUrl: null,
    });
    mock.done();
  });

  it('leaves out a webhook Mollie could not reach, so a copy on one’s own machine can still pay', async () => {
    const created = fixture('payment-create');
    const mock = replay(async (request) => {
      const body = (await request.json()) as Record<string, unknown>;
      expect(body).not.toHaveProperty('webhookUrl');
      expect(body.redirectUrl).toBe('http://127.0.0.1:3000/transactions/4021');
      return json(201, created.response.body);
    });
    const payment = await mollie(mock).createPayment({
      ...idealPayment,
      redirectUrl: 'http://127.0.0.1:3000/transactions/4021',
      webhookUrl: 'http://127.0.0.1:3000/api/webhooks/mollie.php',
    });
    expect(payment.status).toBe('open');
    mock.done();
    for (const local of [
      'http://localhost:3000/api/webhooks/mollie.php',
      'http://[::1]:3000/x',
      'http://10.1.2.3/x',
      'http://172.20.0.5/x',
      'http://192.168.1.10/x',
      'http://lovelane.test/x',
      'not a url',
    ]) {
      expect(isReachableFromOutside(local), local).toBe(false);
    }
    expect(isReachableFromOutside('https://lovelane.example.com/api/webhooks/mollie.php')).toBe(true);
    expect(isReachableFromOutside('https://172.32.0.1/x')).toBe(true);
    expect(isReachableFromOutside('https://fcbarcelona.example.com/x')).toBe(true);
    expect(isReachableFromOutside('http://[fd12:3456::1]/x')).toBe(false);
  });

  it('reports a mandate that cannot pay a repeat order as invalid', async () => {
    const mock = replay(
      () =>
        json(200, {
          resource: 'mandate',
          id: 'mdt_38HS4fsS',
          status: 'valid',
          method: 'paypal',
          details: { consumerName: 'S. de Vries', consumerAccount: 'sanne@example.org' },
        }),
      () =>
        json(200, {
          resource: 'mandate',
          id: 'mdt_38HS4fsT',
          status: 'pending',
          method: 'creditcard',
          details: null,
        }),
    );
    const provider = mollie(mock);
    expect(await provider.getMandate('cst_8wmqcHMN4U', 'mdt_38HS4fsS')).toMatchObject({ status: 'invalid' });
    expect(await provider.getMandate('cst_8wmqcHMN4U', 'mdt_38HS4fsT')).toEqual({
      id: 'mdt_38HS4fsT',
      status: 'pending',
      method: 'creditcard',
      label: '',
    });
    mock.done();
  });

  it('revokes a mandate with DELETE, once, and takes one Mollie no longer knows as revoked', async () => {
    const mock = replay(
      () => new Response(null, { status: 204 }),
      () =>
        json(404, { status: 404, title: 'Not Found', detail: 'No mandate exists with token mdt_gone000' }),
      () => json(500, { status: 500, title: 'Internal Server Error', detail: 'Try again later' }),
    );
    const provider = mollie(mock);
    await provider.revokeMandate('cst_8wmqcHMN4U', 'mdt_pWUnw6pkBN');
    await provider.revokeMandate('cst_8wmqcHMN4U', 'mdt_gone000');
    await rejection(provider.revokeMandate('cst_8wmqcHMN4U', 'mdt_pWUnw6pkBN'));
    expect(mock.seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'DELETE /v2/customers/cst_8wmqcHMN4U/mandates/mdt_pWUnw6pkBN',
      'DELETE /v2/customers/cst_8wmqcHMN4U/mandates/mdt_gone000',
      'DELETE /v2/customers/cst_8wmqcHMN4U/mandates/mdt_pWUnw6pkBN',
    ]);
    mock.done();
  });
});

describe('Mollie adapter errors', () => {
  it('turns Mollie’s problem answer into an error naming the status and the detail, never the key', async () => {
    const mock = replay(
      fixture('error-payment-create-422'),
      fixture('error-payment-get-404'),
      fixture('error-unauthorized-401'),
    );
    const provider = mollie(mock);

    // Refused content: the payer is told the payment could not be started.
    const { app, mollie: refused } = await appRejection(
      provider.createPayment({
        ...idealPayment,
        amountMinor: 50,
        description: 'Lovelane 100 credits',
        method: 'klarna',
        redirectUrl: `${APP}/transactions/4023`,
        metadata: { paymentId: 4023, userId: 1187 },
      }),
      'payment_unavailable',
    );
    expect(refused.message).toBe(
      'Mollie POST /payments answered 422 Unprocessable Entity: The amount is lower than the minimum',
    );
    expect(refused.details).toMatchObject({
      status: 422,
      field: 'amount',
      detail: 'The amount is lower than the minimum',
    });
    expectNoKey(refused);
    expectNoKey(app);

    // An unknown id is not found (a webhook for it is acknowledged); a 4xx is final: asked once.
    const { mollie: missing } = await appRejection(provider.getPayment('tr_unknown00'), 'not_found');
    expect(missing.status).toBe(404);
    expect(missing.message).toContain('No payment exists with token tr_unknown00.');

    // Anything else is a failure of the service (a webhook then answers 5xx and Mollie tries again).
    const unauthorised = await rejection(provider.getMandate('cst_8wmqcHMN4U', 'mdt_pWUnw6pkBN'));
    expect(unauthorised.message).toBe(
      'Mollie GET /customers/cst_8wmqcHMN4U/mandates/mdt_pWUnw6pkBN answered 401 Unauthorized Request: Missing authentication, or failed to authenticate',
    );
    expectNoKey(unauthorised);
    mock.done();
  });

  it('tries a read again after 503 and 429, and gives up after three tries', async () => {
    const paid = fixture('payment-get-paid').response.body;
    const unavailable = () => new Response('<html>Service Unavailable</html>', { status: 503 });
    const tooMany = () => json(429, { status: 429, title: 'Too Many Requests', detail: 'Slow down' });
    const recovering = replay(unavailable, tooMany, () => json(200, paid));
    expect((await mollie(recovering).getPayment('tr_WDqYK6vllg')).status).toBe('paid');
    expect(recovering.seen).toHaveLength(3);
    recovering.done();

    const down = replay(unavailable, unavailable, tooMany);
    const error = await rejection(mollie(down).getPayment('tr_WDqYK6vllg'));
    expect(error.message).toBe(
      'Mollie GET /payments/tr_WDqYK6vllg answered 429 Too Many Requests: Slow down',
    );
    expect(down.seen).toHaveLength(3);
    down.done();
  });

  it('never repeats a write, whatever Mollie answered', async () => {
    const mock = replay(() =>
      json(500, { status: 500, title: 'Internal Server Error', detail: 'Try again later' }),
    );
    const error = await rejection(
      mollie(mock).refund({
        paymentId: 'tr_WDqYK6vllg',
        amountMinor: 1000,
        currency: 'EUR',
        description: 'Refund',
      }),
    );
    expect(error.status).toBe(500);
    expect(error.message).toContain('Try again later');
    expect(mock.seen).toHaveLength(1);
    mock.done();
  });

  it('gives up on a request that takes too long (reads after three tries, writes at once)', async () => {
    const hang = (request: Request) =>
      new Promise<Response>((_resolve, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason as Error));
      });
    const reads = replay(hang, hang, hang);
    const slowRead = await rejection(mollie(reads, { timeoutMs: 30 }).getPayment('tr_WDqYK6vllg'));
    expect(slowRead.message).toBe('Mollie GET /payments/tr_WDqYK6vllg: no answer within 30 ms');
    expect(slowRead.status).toBeNull();
    expect(reads.seen).toHaveLength(3);
    reads.done();

    const writes = replay(hang);
    const slowWrite = await rejection(
      mollie(writes, { timeoutMs: 30 }).createCustomer({
        name: 'Sanne',
        email: 'sanne@example.org',
        userId: 1,
      }),
    );
    expect(slowWrite.message).toBe('Mollie POST /customers: no answer within 30 ms');
    expect(writes.seen).toHaveLength(1);
    writes.done();
  });

  it('tries a read again after a network failure', async () => {
    const mock = replay(
      () => Promise.reject(new TypeError('fetch failed')),
      () => json(200, fixture('mandate-get-directdebit').response.body),
    );
    expect((await mollie(mock).getMandate('cst_8wmqcHMN4U', 'mdt_pWUnw6pkBN')).status).toBe('valid');
    mock.done();

    const offline = replay(
      ...Array.from({ length: 3 }, () => () => Promise.reject(new TypeError('fetch failed'))),
    );
    const error = await rejection(mollie(offline).getMandate('cst_8wmqcHMN4U', 'mdt_pWUnw6pkBN'));
    expect(error.message).toBe(
      'Mollie GET /customers/cst_8wmqcHMN4U/mandates/mdt_pWUnw6pkBN: the request failed',
    );
    offline.done();
  });

  it('refuses an answer of another shape', async () => {
    const mock = replay(() => json(200, { resource: 'payment', id: 'tr_WDqYK6vllg' }));
    const error = await rejection(mollie(mock).getPayment('tr_WDqYK6vllg'));
    expect(error.message).toBe('Mollie GET /payments/tr_WDqYK6vllg answered 200 with an unexpected body');
    mock.done();
  });

  it('puts no foreign id into a path and needs a real key', async () => {
    const mock = replay();
    const provider = mollie(mock);
    await expect(provider.getPayment('../customers')).rejects.toThrow(RangeError);
    await expect(provider.getMandate('cst_1/../x', 'mdt_1')).rejects.toThrow(RangeError);
    await expect(
      provider.createPayment({ ...idealPayment, customerId: 'cst_x?y=1', sequence: 'first' }),
    ).rejects.toThrow(RangeError);
    expect(mock.seen).toHaveLength(0);
    expect(() => createMollieProvider({ apiKey: '' })).toThrow('MOLLIE_API_KEY');
    expect(() => createMollieProvider({ apiKey: 'sk_live_123' })).toThrow('MOLLIE_API_KEY');
  });
});

describe('Mollie amounts and locales', () => {
  it('writes minor units as Mollie’s decimal strings and reads them back exactly', () => {
    expect(toMollieAmount(4121, 'EUR')).toEqual({ currency: 'EUR', value: '41.21' });
    expect(toMollieAmount(5, 'eur')).toEqual({ currency: 'EUR', value: '0.05' });
    expect(toMollieAmount(54900, 'PLN')).toEqual({ currency: 'PLN', value: '549.00' });
    expect(toMollieAmount(1500, 'JPY')).toEqual({ currency: 'JPY', value: '1500' });
    expect(() => toMollieAmount(10.5, 'EUR')).toThrow(RangeError);
    expect(fromMollieAmount({ currency: 'EUR', value: '41.21' })).toBe(4121);
    expect(fromMollieAmount({ currency: 'EUR', value: '-13.00' })).toBe(-1300);
    expect(fromMollieAmount({ currency: 'EUR', value: '0.1' })).toBe(10);
    expect(fromMollieAmount({ currency: 'SEK', value: '1149.95' })).toBe(114995);
    expect(fromMollieAmount({ currency: 'ISK', value: '3000' })).toBe(3000);
    expect(() => fromMollieAmount({ currency: 'EUR', value: '1.005' })).toThrow(RangeError);
    expect(() => fromMollieAmount({ currency: 'EUR', value: 'ten' })).toThrow(RangeError);
  });

  it('speaks the payer’s language in their country where Mollie can', () => {
    expect(mollieLocale('nl', 'NL')).toBe('nl_NL');
    expect(mollieLocale('nl', 'BE')).toBe('nl_BE');
    expect(mollieLocale('fr', 'BE')).toBe('fr_BE');
    expect(mollieLocale('de', 'CH')).toBe('de_CH');
    expect(mollieLocale('de', 'NL')).toBe('de_DE');
    expect(mollieLocale('en', 'US')).toBe('en_US');
    expect(mollieLocale('en', 'NL')).toBe('en_GB');
    expect(mollieLocale('nb', 'NO')).toBe('nb_NO');
    expect(mollieLocale('nl_NL', 'DE')).toBe('nl_NL');
    expect(mollieLocale('xx', 'NL')).toBeUndefined();
    expect(maskIban('nl55 ingb 0000 0000 00')).toBe('NL•• •••• •••• 0000');
  });
});
