// Buying credits through the sandbox provider: exactly-once credits and premium, outcomes,
// reversals, discounts, repeat orders, direct debit and the job queue's retries.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { getCreditBalance } from '@/lib/server/credits/get-credit-balance';
import { postCreditEntry } from '@/lib/server/credits/post-credit-entry';
import {
  creditLedger,
  directDebitRequests,
  discountCodes,
  discountRedemptions,
  jobs,
  mailOutbox,
  memberEvents,
  paymentAccounts,
  paymentMandates,
  paymentReversals,
  payments,
  sandboxPayments,
  users,
} from '@/lib/server/db/schema';
import { enqueueJob } from '@/lib/server/jobs/enqueue-job';
import { resetEnv } from '@/lib/server/env';
import { jobHandlers } from '@/lib/server/jobs/job-handlers';
import { getPaymentOrThrow } from '@/lib/server/payments/get-payment';
import { getPaymentProviderByName } from '@/lib/server/payments/get-payment-provider';
import { sandboxChargeback, sandboxRefund } from '@/lib/server/payments/sandbox-actions';
import { startDirectDebitPayment } from '@/lib/server/payments/start-direct-debit-payment';
import { discountedAmount } from '@/lib/shared/values/payments';
import { apiClient, clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';
import { createMember } from '../factories/create-member';
import { bundleIn, drainJobs, inProcessFetch, inSeconds, sandboxIdOf } from './payments-helpers';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();
const database = () => db.handle().db;

type Client = Awaited<ReturnType<typeof clientFor>>;

/** A member who starts buying a bundle in the Netherlands; answers the payment and its sandbox id. */
async function startPurchase(
  options: { method?: string; code?: string; client?: Client; userId?: number } = {},
) {
  const userId = options.userId ?? (await createMember(database()));
  const client = options.client ?? (await clientFor(userId));
  const bundle = await bundleIn(database(), 'NL');
  const res = await client.post('/api/payment.php', {
    bundle: bundle.id,
    method: options.method ?? 'ideal',
    country: 'NL',
    ...(options.code ? { code: options.code } : {}),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return {
    userId,
    client,
    bundle,
    payment: res.json.payment,
    sandboxId: sandboxIdOf(res.json.payment.checkout_url),
  };
}

/** The payer's choice on the sandbox checkout page (their own session: nobody else may choose). */
async function choose(
  client: Client,
  sandboxId: string,
  outcome: string,
  extra: Record<string, unknown> = {},
) {
  const res = await client.post('/api/sandbox-payment.php', { payment: sandboxId, outcome, ...extra });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.redirect_url as string;
}

async function ledgerOf(userId: number) {
  const rows = await database().select().from(creditLedger).where(eq(creditLedger.userId, userId));
  return { rows, sum: rows.reduce((total, row) => total + row.delta, 0) };
}

async function isPaidUser(userId: number) {
  const [row] = await database().select({ paid: users.paidUser }).from(users).where(eq(users.id, userId));
  return row?.paid;
}

describe('buying a bundle through the sandbox', () => {
  it('lists the bundles of the payment country and the methods offered there', async () => {
    const visitor = await apiClient().get('/api/bundles.php?country=DE');
    expect(visitor.status).toBe(200);
    expect(visitor.json.country).toBe('DE');
    expect(visitor.json.currency).toBe('EUR');
    expect(visitor.json.bundles.length).toBeGreaterThan(1);
    const bundles = visitor.json.bundles as { best_value: boolean }[];
    expect(bundles.filter((b) => b.best_value)).toHaveLength(1);

    const { client } = await startPurchase();
    // The payment country is remembered: asked for nothing, the member gets NL's bundles.
    const remembered = await client.get('/api/bundles.php');
    expect(remembered.json.country).toBe('NL');
    const bundle = await bundleIn(database(), 'NL');
    const methods = await client.get(`/api/paymentmethods.php?country=NL&bundle=${bundle.id}`);
    expect(methods.status).toBe(200);
    expect(methods.json.methods).toEqual(expect.arrayContaining(['ideal', 'creditcard', 'directdebit']));
    expect(methods.json.direct_debit_blocked).toBe(false);
    // A bundle of another country is not on sale in NL.
    const polish = await bundleIn(database(), 'PL');
    expect((await client.get(`/api/paymentmethods.php?country=NL&bundle=${polish.id}`)).status).toBe(404);
  });

  it('paid: books the credits, makes the member premium and mails one receipt with the company details', async () => {
    const { userId, client, bundle, payment, sandboxId } = await startPurchase();
    expect(payment).toMatchObject({
      state: 'pending',
      credits: bundle.credits,
      amount: bundle.amountMinor,
      recurring: false,
    });
    expect(await isPaidUser(userId)).toBe(false);

    const redirect = await choose(client, sandboxId, 'paid');
    expect(redirect).toBe(`http://lovelane.test/transactions/${payment.id}`);
    // Nothing is granted before the app heard from the provider.
    expect(await getCreditBalance({ userId })).toBe(0);
    await drainJobs();

    const after = await client.get(`/api/payment.php?id=${payment.id}`);
    expect(after.json.payment).toMatchObject({ state: 'completed', checkout_url: null });
    expect(after.json.payment.paid_at).not.toBeNull();
    expect(await getCreditBalance({ userId })).toBe(bundle.credits);
    expect(await isPaidUser(userId)).toBe(true);
    expect((await client.get('/api/user.php')).json.user).toMatchObject({
      credits: bundle.credits,
      paid_user: true,
    });

    const events = await database().select().from(memberEvents).where(eq(memberEvents.memberId, userId));
    expect(events.map((e) => e.payload)).toContainEqual({
      type: 'payment-updated',
      payment: payment.id,
      state: 'completed',
      paid_user: true,
    });

    const [account] = await database().select().from(users).where(eq(users.id, userId));
    const mails = await database()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, account?.email ?? ''), eq(mailOutbox.kind, 'payment_receipt')));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`${bundle.credits} credits`);
    expect(mails[0]?.text).toContain('€54.95');
    expect(mails[0]?.text).toMatch(/Company registration \S+/);
    expect(mails[0]?.text).toContain('VAT');
    // A second webhook call sends no second receipt.
    await apiClient().post('/api/webhooks/sandbox.php');
    const replay = await fetchWebhook(sandboxId);
    expect(replay.status).toBe(200);
    await drainJobs();
    const again = await database()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, account?.email ?? ''), eq(mailOutbox.kind, 'payment_receipt')));
    expect(again).toHaveLength(1);
  });

  it('grants once when the webhook arrives ten times at once', async () => {
    const { userId, client, bundle, payment, sandboxId } = await startPurchase();
    await choose(client, sandboxId, 'paid');
    const answers = await Promise.all(Array.from({ length: 10 }, () => fetchWebhook(sandboxId)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const { rows, sum } = await ledgerOf(userId);
    expect(rows.filter((r) => r.reference === `payment:${payment.id}`)).toHaveLength(1);
    expect(sum).toBe(bundle.credits);
    expect(await getCreditBalance({ userId })).toBe(bundle.credits);
    const receipts = await database().select().from(jobs).where(eq(jobs.kind, 'payment.receipt'));
    expect(receipts.filter((j) => j.payload.paymentId === payment.id)).toHaveLength(1);
  });

  it.each([
    ['failed', 'failed'],
    ['canceled', 'cancelled'],
    ['expired', 'expired'],
  ])('%s: the payment reads %s and nothing is granted', async (outcome, state) => {
    const { userId, client, payment, sandboxId } = await startPurchase();
    await choose(client, sandboxId, outcome);
    await drainJobs();
    const res = await client.get(`/api/payment.php?id=${payment.id}`);
    expect(res.json.payment.state).toBe(state);
    expect(res.json.payment.checkout_url).toBeNull();
    expect(await getCreditBalance({ userId })).toBe(0);
    expect(await isPaidUser(userId)).toBe(false);
    // A settled sandbox payment takes no other outcome later.
    await choose(client, sandboxId, 'paid');
    await drainJobs();
    expect(await getCreditBalance({ userId })).toBe(0);
  });

  it('pending, then paid on the same page', async () => {
    const { userId, client, bundle, payment, sandboxId } = await startPurchase();
    await choose(client, sandboxId, 'pending');
    await drainJobs();
    expect((await client.get(`/api/payment.php?id=${payment.id}`)).json.payment.state).toBe('pending');
    expect(await getCreditBalance({ userId })).toBe(0);
    await choose(client, sandboxId, 'paid');
    await drainJobs();
    expect((await client.get(`/api/payment.php?id=${payment.id}`)).json.payment.state).toBe('completed');
    expect(await getCreditBalance({ userId })).toBe(bundle.credits);
  });

  it('books nothing when the provider reports another amount than the one asked', async () => {
    const { userId, client, payment, sandboxId } = await startPurchase();
    await database().update(sandboxPayments).set({ amountMinor: 1 }).where(eq(sandboxPayments.id, sandboxId));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await choose(client, sandboxId, 'paid');
    await drainJobs();
    errors.mockRestore();
    expect(await getCreditBalance({ userId })).toBe(0);
    expect(await isPaidUser(userId)).toBe(false);
    expect((await client.get(`/api/payment.php?id=${payment.id}`)).json.payment.state).toBe('pending');
  });

  it('shows a member only their own payments', async () => {
    const { payment, client } = await startPurchase();
    const other = await clientFor(await createMember(database()));
    const res = await other.get(`/api/payment.php?id=${payment.id}`);
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe('not_found');
    expect((await other.get('/api/transactions.php')).json.payments).toEqual([]);
    const mine = await client.get('/api/transactions.php');
    expect((mine.json.payments as { id: number }[]).map((p) => p.id)).toEqual([payment.id]);
  });

  it('charges the discounted amount and records the code once paid', async () => {
    const { userId, client, bundle, payment, sandboxId } = await startPurchase({ code: 'lovelane10' });
    const expected = discountedAmount(bundle.amountMinor, 10);
    expect(payment).toMatchObject({
      amount: expected,
      list_amount: bundle.amountMinor,
      discount_code: 'LOVELANE10',
      discount_percentage: 10,
    });
    const [row] = await database().select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.amountMinor).toBe(expected);
    await choose(client, sandboxId, 'paid');
    await drainJobs();
    const redemptions = await database()
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.userId, userId));
    expect(redemptions.map((r) => r.paymentId)).toEqual([payment.id]);
    // A once-per-user code cannot be used again after a completed payment.
    const [welcome] = await database()
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.code, 'WELCOME25'));
    expect(welcome).toBeDefined();
    const unknown = await client.post('/api/payment.php', {
      bundle: bundle.id,
      method: 'ideal',
      country: 'NL',
      code: 'NOPE-123',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe('discount_not_found');
    expect(await getCreditBalance({ userId })).toBe(bundle.credits);
  });

  it('limits how many payments a member starts an hour', async () => {
    process.env.RATE_LIMIT_PAYMENTS_PER_HOUR = '2';
    resetEnv();
    try {
      const client = await clientFor(await createMember(database()));
      const bundle = await bundleIn(database(), 'NL');
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push(
          (await client.post('/api/payment.php', { bundle: bundle.id, method: 'ideal', country: 'NL' }))
            .status,
        );
      }
      expect(statuses).toEqual([201, 201, 429]);
      // Repeat orders spend the same budget.
      expect((await client.post('/api/repeatorder.php', {})).status).toBe(429);
    } finally {
      delete process.env.RATE_LIMIT_PAYMENTS_PER_HOUR;
      resetEnv();
    }
  });

  it('refuses direct debit here (it has its own form) and a method the country does not offer', async () => {
    const client = await clientFor(await createMember(database()));
    const bundle = await bundleIn(database(), 'NL');
    const debit = await client.post('/api/payment.php', {
      bundle: bundle.id,
      method: 'directdebit',
      country: 'NL',
    });
    expect(debit.status).toBe(409);
    expect(debit.json.error).toMatchObject({
      code: 'payment_unavailable',
      message: expect.stringMatching(/payment/),
    });
    const blik = await client.post('/api/payment.php', { bundle: bundle.id, method: 'blik', country: 'NL' });
    expect(blik.status).toBe(409);
    expect((await client.get('/api/transactions.php')).json.payments).toEqual([]);
  });
});

/** The sandbox's webhook call, made directly. */
function fetchWebhook(sandboxId: string) {
  return inProcessFetch()('http://lovelane.test/api/webhooks/sandbox.php', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `id=${sandboxId}`,
  });
}

describe('refunds and chargebacks', () => {
  it('a refund takes back exactly the credits of the bundle', async () => {
    const { userId, client, bundle, payment, sandboxId } = await startPurchase();
    await postCreditEntry({ userId, delta: 40, reason: 'signup_bonus', reference: `signup:${userId}` });
    await choose(client, sandboxId, 'paid');
    await drainJobs();
    expect(await getCreditBalance({ userId })).toBe(40 + bundle.credits);

    // Half first, then the rest: the credits follow the amounts and add up to the bundle.
    await sandboxRefund({ paymentId: sandboxId, amountMinor: Math.floor(bundle.amountMinor / 2) });
    await drainJobs();
    const half = await getCreditBalance({ userId });
    expect(half).toBe(
      40 +
        bundle.credits -
        Math.round((bundle.credits * Math.floor(bundle.amountMinor / 2)) / bundle.amountMinor),
    );
    await sandboxRefund({ paymentId: sandboxId });
    await drainJobs();
    await fetchWebhook(sandboxId);

    const { rows, sum } = await ledgerOf(userId);
    expect(await getCreditBalance({ userId })).toBe(40);
    expect(sum).toBe(40);
    expect(rows.filter((r) => r.reason === 'refund')).toHaveLength(2);
    const [row] = await database().select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ reversedMinor: bundle.amountMinor, unrecoveredCredits: 0, status: 'paid' });
    const account = await database().select().from(paymentAccounts).where(eq(paymentAccounts.userId, userId));
    expect(account[0]?.directDebitBlockedAt ?? null).toBeNull();
  });

  it('a chargeback takes back what is left, records the rest as unrecovered and blocks direct debit', async () => {
    const { userId, client, bundle, payment, sandboxId } = await startPurchase();
    await choose(client, sandboxId, 'paid');
    await drainJobs();
    await postCreditEntry({ userId, delta: -30, reason: 'message', reference: `test:spend:${userId}` });

    await sandboxChargeback({ paymentId: sandboxId });
    await drainJobs();
    const { rows, sum } = await ledgerOf(userId);
    expect(await getCreditBalance({ userId })).toBe(0);
    expect(sum).toBe(0);
    expect(rows.find((r) => r.reason === 'chargeback')?.delta).toBe(-(bundle.credits - 30));
    const [row] = await database().select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ reversedMinor: bundle.amountMinor, unrecoveredCredits: 30 });
    const reversals = await database()
      .select()
      .from(paymentReversals)
      .where(eq(paymentReversals.paymentId, payment.id));
    expect(reversals).toMatchObject([
      { kind: 'chargeback', credits: bundle.credits - 30, amountMinor: bundle.amountMinor },
    ]);

    const methods = await client.get(`/api/paymentmethods.php?country=NL&bundle=${bundle.id}`);
    expect(methods.json.direct_debit_blocked).toBe(true);
    const requestId = await verifiedDirectDebitRequest(userId, bundle.id);
    await expect(
      startDirectDebitPayment({ userId, requestId, origin: 'http://lovelane.test', locale: 'en' }),
    ).rejects.toMatchObject({ code: 'direct_debit_blocked' });
  });
});

async function verifiedDirectDebitRequest(userId: number, bundleId: number): Promise<number> {
  const [row] = await database()
    .insert(directDebitRequests)
    .values({
      userId,
      bundleId,
      accountHolder: 'Sam de Vries',
      iban: 'NL91ABNA0417164300',
      street: 'Herengracht',
      houseNumber: '182',
      postalCode: '1016 BR',
      city: 'Amsterdam',
      country: 'NL',
      mobile: '+31612345678',
      codeHash: 'x',
      codeExpiresAt: inSeconds(600),
      verifiedAt: new Date(),
    })
    .returning({ id: directDebitRequests.id });
  if (!row) throw new Error('no request');
  return row.id;
}

describe('repeat orders and direct debit', () => {
  it('buys the last bundle again on the stored card', async () => {
    const { userId, client, bundle, sandboxId } = await startPurchase({ method: 'creditcard' });
    expect((await client.get('/api/repeatorder.php')).status).toBe(404);
    await choose(client, sandboxId, 'paid');
    await drainJobs();
    const mandates = await database()
      .select()
      .from(paymentMandates)
      .where(eq(paymentMandates.userId, userId));
    expect(mandates).toMatchObject([{ method: 'creditcard', status: 'valid', label: 'Visa •••• 4242' }]);

    // A mandate stored while the provider was still checking it is asked about again, and offered once valid.
    await database()
      .update(paymentMandates)
      .set({ status: 'pending' })
      .where(eq(paymentMandates.userId, userId));
    const offer = await client.get('/api/repeatorder.php');
    expect(offer.status).toBe(200);
    expect(offer.json).toMatchObject({ country: 'NL', method: 'creditcard', mandate: 'Visa •••• 4242' });
    const [refreshed] = await database()
      .select()
      .from(paymentMandates)
      .where(eq(paymentMandates.userId, userId));
    expect(refreshed?.status).toBe('valid');
    expect(offer.json.bundle.id).toBe(bundle.id);

    const repeat = await client.post('/api/repeatorder.php', {});
    expect(repeat.status).toBe(201);
    expect(repeat.json.payment).toMatchObject({
      state: 'pending',
      recurring: true,
      amount: bundle.amountMinor,
    });
    // The sandbox's bank waits for the payer's answer on its confirmation step; then the webhook
    // brings the credits.
    await drainJobs({ at: inSeconds(10) });
    expect(await getCreditBalance({ userId })).toBe(bundle.credits);
    await choose(client, sandboxIdOf(repeat.json.payment.checkout_url), 'paid');
    await drainJobs();
    expect((await client.get(`/api/payment.php?id=${repeat.json.payment.id}`)).json.payment.state).toBe(
      'completed',
    );
    expect(await getCreditBalance({ userId })).toBe(2 * bundle.credits);
  });

  it('a declined stored card fails the repeat order at once and grants nothing', async () => {
    const { userId, client, bundle, sandboxId } = await startPurchase({ method: 'creditcard' });
    await choose(client, sandboxId, 'paid', { decline_repeats: true });
    await drainJobs();
    const repeat = await client.post('/api/repeatorder.php', {});
    expect(repeat.status).toBe(201);
    // Declined by the card's issuer: nothing for the payer to confirm.
    expect(repeat.json.payment.checkout_url).toBeNull();
    await drainJobs();
    expect((await client.get(`/api/payment.php?id=${repeat.json.payment.id}`)).json.payment.state).toBe(
      'failed',
    );
    expect(await getCreditBalance({ userId })).toBe(bundle.credits);
  });

  it('a verified direct-debit request becomes a mandate and a payment, once', async () => {
    const userId = await createMember(database());
    const client = await clientFor(userId);
    const bundle = await bundleIn(database(), 'NL');
    const requestId = await verifiedDirectDebitRequest(userId, bundle.id);
    // Not another member's request.
    const stranger = await createMember(database());
    await expect(
      startDirectDebitPayment({ userId: stranger, requestId, origin: 'http://lovelane.test', locale: 'en' }),
    ).rejects.toMatchObject({ code: 'not_found' });

    const payment = await startDirectDebitPayment({
      userId,
      requestId,
      origin: 'http://lovelane.test',
      locale: 'en',
    });
    expect(payment).toMatchObject({
      state: 'pending',
      method: 'directdebit',
      recurring: true,
      amount: bundle.amountMinor,
    });
    const [request] = await database()
      .select()
      .from(directDebitRequests)
      .where(eq(directDebitRequests.id, requestId));
    expect(request?.paymentId).toBe(payment.id);
    await expect(
      startDirectDebitPayment({ userId, requestId, origin: 'http://lovelane.test', locale: 'en' }),
    ).rejects.toMatchObject({ code: 'not_found' });

    await choose(client, sandboxIdOf(payment.checkout_url), 'paid');
    await drainJobs();
    expect((await client.get(`/api/payment.php?id=${payment.id}`)).json.payment.state).toBe('completed');
    expect(await getCreditBalance({ userId })).toBe(bundle.credits);
    expect(await isPaidUser(userId)).toBe(true);
    const offer = await client.get('/api/repeatorder.php');
    expect(offer.json).toMatchObject({ method: 'directdebit', mandate: 'NL•• •••• 4300' });
  });
});

describe('the sandbox webhook call', () => {
  it('is tried again with a growing wait while the app does not answer', async () => {
    const { userId, client, bundle, sandboxId } = await startPurchase();
    await choose(client, sandboxId, 'paid');
    const calls: string[] = [];
    const handlers = jobHandlers({ fetch: inProcessFetch({ failFirst: 2, calls }) });
    const start = Date.now();
    const at = (ms: number) => new Date(start + ms);

    await drainJobs({ handlers, at: at(0) });
    expect(calls).toHaveLength(1);
    expect(await getCreditBalance({ userId })).toBe(0);
    const webhookJob = async () =>
      (
        await database()
          .select()
          .from(jobs)
          .where(sql`${jobs.payload}->>'id' = ${sandboxId}`)
      )[0];
    expect(await webhookJob()).toMatchObject({
      attempts: 1,
      doneAt: null,
      lastError: expect.stringContaining('503'),
    });
    // Not before the wait (1 s in tests) is over, then again after twice as long.
    await drainJobs({ handlers, at: at(500) });
    expect(calls).toHaveLength(1);
    await drainJobs({ handlers, at: at(1_500) });
    expect(calls).toHaveLength(2);
    await drainJobs({ handlers, at: at(2_500) });
    expect(calls).toHaveLength(2);
    await drainJobs({ handlers, at: at(3_600) });
    expect(calls).toHaveLength(3);
    expect(calls.every((c) => c === `/api/webhooks/sandbox.php id=${sandboxId}`)).toBe(true);
    expect(await getCreditBalance({ userId })).toBe(bundle.credits);
    expect(await webhookJob()).toMatchObject({ attempts: 3, doneAt: expect.any(Date) });
  });

  it('is given up after its last try, and a failing job does not hold up the others', async () => {
    const ran: string[] = [];
    const handlers = {
      broken: () => {
        ran.push('broken');
        return Promise.reject(new Error('always fails'));
      },
      fine: (payload: Record<string, unknown>) => {
        ran.push(String(payload.n));
        return Promise.resolve();
      },
    };
    await enqueueJob(database(), 'broken', {}, { maxAttempts: 2 });
    await enqueueJob(database(), 'fine', { n: 1 });
    await drainJobs({ handlers, at: inSeconds(0) });
    await drainJobs({ handlers, at: inSeconds(60) });
    await drainJobs({ handlers, at: inSeconds(3_600) });
    expect(ran).toEqual(['broken', '1', 'broken']);
    const [broken] = await database().select().from(jobs).where(eq(jobs.kind, 'broken'));
    expect(broken).toMatchObject({ attempts: 2, doneAt: null, lastError: 'always fails' });
  });
});

describe('the payment webhooks and the status page', () => {
  it('answer a webhook without a payment id with 400 and an unknown id with 200, changing nothing', async () => {
    const post = (body: string) =>
      inProcessFetch()('http://lovelane.test/api/webhooks/sandbox.php', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    expect((await post('')).status).toBe(400);
    expect((await post('id=<script>')).status).toBe(400);
    const unknown = await post('id=tr_sbx_doesnotexist1');
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ received: false });
    // No Mollie adapter is installed here: its webhook does not exist.
    const mollie = await inProcessFetch()('http://lovelane.test/api/webhooks/mollie.php', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'id=tr_WDqYK6vllg',
    });
    expect(mollie.status).toBe(404);
    expect((await apiClient().get('/api/sandbox-payment.php?payment=tr_sbx_doesnotexist1')).status).toBe(404);
  });

  it('links a payment whose webhook came before the provider id was stored', async () => {
    const { userId, client, bundle, payment, sandboxId } = await startPurchase();
    await database().update(payments).set({ providerPaymentId: null }).where(eq(payments.id, payment.id));
    await choose(client, sandboxId, 'paid');
    await drainJobs();
    const [row] = await database().select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ providerPaymentId: sandboxId, status: 'paid' });
    expect(await getCreditBalance({ userId })).toBe(bundle.credits);
  });

  it('the status page asks the provider itself when the webhook is late', async () => {
    const { userId, client, bundle, payment, sandboxId } = await startPurchase();
    await choose(client, sandboxId, 'paid');
    // The webhook job has not run; a poll a few seconds later finds the payment paid anyway.
    const soon = await getPaymentOrThrow({ userId, paymentId: payment.id });
    expect(soon.state).toBe('pending');
    const later = await getPaymentOrThrow({ userId, paymentId: payment.id, now: inSeconds(6) });
    expect(later.state).toBe('completed');
    expect(await getCreditBalance({ userId })).toBe(bundle.credits);
    // The webhook arriving after that books nothing more.
    await drainJobs();
    expect((await ledgerOf(userId)).sum).toBe(bundle.credits);
  });
});

describe('the payment webhook under a flood', () => {
  const FLOODER = '203.0.113.77';
  const post = (id: string, address = FLOODER) =>
    inProcessFetch()('http://lovelane.test/api/webhooks/sandbox.php', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
      body: `id=${id}`,
    });

  it('lets the provider’s calls about real payments through, however much else comes from its address', async () => {
    const { userId, client, bundle, sandboxId } = await startPurchase();
    await choose(client, sandboxId, 'paid');
    const junk: number[] = [];
    for (let batch = 0; batch < 13; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => post(`tr_sbx_junk${batch}x${i}`)),
      );
      junk.push(...answers.map((a) => a.status));
    }
    expect(junk.every((status) => status === 200 || status === 429)).toBe(true);
    const real = await post(sandboxId);
    expect(real.status).toBe(200);
    expect(await real.json()).toEqual({ received: true });
    expect(await getCreditBalance({ userId })).toBe(bundle.credits);
  });

  it('asks the provider about ids it does not know only within a small budget per address', async () => {
    const { payment } = await startPurchase();
    // A new payment awaiting its provider id: unknown ids are then asked about at the provider.
    await database().update(payments).set({ providerPaymentId: null }).where(eq(payments.id, payment.id));
    const sandbox = getPaymentProviderByName('sandbox');
    const asked = vi.spyOn(sandbox, 'getPayment');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => post(`tr_sbx_guess${i}abc`, '203.0.113.78')),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(asked.mock.calls.length).toBeLessThanOrEqual(statuses.filter((s) => s === 200).length);
    expect(asked.mock.calls.length).toBeLessThan(100);
    asked.mockRestore();
    // Ids that cannot be the provider's never reach the database or the provider.
    expect((await post('tr_WDqYK6vllg')).status).toBe(400);
  });
});
