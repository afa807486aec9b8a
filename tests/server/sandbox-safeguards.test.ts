// The sandbox provider's safeguards: only the payer picks an outcome (no one else learns a payment
// exists), charges on a stored mandate wait for the payer's choice, payments nobody completes
// expire, and a deployment on the sandbox needs ALLOW_SANDBOX_PAYMENTS.
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCreditBalance } from '@/lib/server/credits/get-credit-balance';
import { directDebitRequests, memberEvents, payments, sandboxPayments } from '@/lib/server/db/schema';
import { env } from '@/lib/server/env';
import { recurringJobs } from '@/lib/server/jobs/job-handlers';
import { queueDueJob } from '@/lib/server/jobs/queue-due-job';
import { checkSandboxDeployment, sandboxDeploymentProblem } from '@/lib/server/payments/sandbox-deployment';
import { SANDBOX_EXPIRE_JOB, SANDBOX_EXPIRY_MS } from '@/lib/server/payments/sandbox-actions';
import { startDirectDebitPayment } from '@/lib/server/payments/start-direct-debit-payment';
import { upsertSite } from '@/lib/server/settings/update-site';
import { apiClient, clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';
import { stubEnv, unstubEnv } from '../helpers/env';
import { createMember } from '../factories/create-member';
import { bundleIn, drainJobs, inSeconds, sandboxIdOf } from './payments-helpers';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();
const database = () => db.handle().db;

type Client = Awaited<ReturnType<typeof clientFor>>;

afterEach(() => unstubEnv());

async function startPurchase(options: { method?: string } = {}) {
  const userId = await createMember(database());
  const client = await clientFor(userId);
  const bundle = await bundleIn(database(), 'NL');
  const res = await client.post('/api/payment.php', {
    bundle: bundle.id,
    method: options.method ?? 'ideal',
    country: 'NL',
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

async function choose(client: Client, sandboxId: string, outcome: string) {
  const res = await client.post('/api/sandbox-payment.php', { payment: sandboxId, outcome });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}

async function stateOf(client: Client, paymentId: number) {
  return (await client.get(`/api/payment.php?id=${paymentId}`)).json.payment as {
    state: string;
    checkout_url: string | null;
  };
}

async function sandboxStatus(id: string) {
  const [row] = await database().select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
  return row?.status;
}

/** A member who paid a first card payment, so a stored card can be charged again. */
async function memberWithStoredCard() {
  const purchase = await startPurchase({ method: 'creditcard' });
  await choose(purchase.client, purchase.sandboxId, 'paid');
  await drainJobs();
  expect(await getCreditBalance({ userId: purchase.userId })).toBe(purchase.bundle.credits);
  return purchase;
}

describe('only the payer picks a sandbox outcome', () => {
  it('a visitor and another member get the answer of a payment that does not exist; the payer is served', async () => {
    const { userId, client, bundle, sandboxId } = await startPurchase();
    const stranger = await clientFor(await createMember(database()));
    const visitor = apiClient();
    const nonexistent = 'tr_sbx_doesnotexist1';

    for (const caller of [visitor, stranger]) {
      const missing = await caller.post('/api/sandbox-payment.php', {
        payment: nonexistent,
        outcome: 'paid',
      });
      const real = await caller.post('/api/sandbox-payment.php', { payment: sandboxId, outcome: 'paid' });
      expect(real.status).toBe(404);
      expect(real.json).toEqual(missing.json);
      const seenMissing = await caller.get(`/api/sandbox-payment.php?payment=${nonexistent}`);
      const seenReal = await caller.get(`/api/sandbox-payment.php?payment=${sandboxId}`);
      expect(seenReal.status).toBe(404);
      expect(seenReal.json).toEqual(seenMissing.json);
    }
    await drainJobs();
    expect(await sandboxStatus(sandboxId)).toBe('open');
    expect(await getCreditBalance({ userId })).toBe(0);

    const seen = await client.get(`/api/sandbox-payment.php?payment=${sandboxId}`);
    expect(seen.status).toBe(200);
    expect(seen.json.payment).toMatchObject({ id: sandboxId, status: 'open', amount: bundle.amountMinor });
    await choose(client, sandboxId, 'paid');
    await drainJobs();
    expect(await getCreditBalance({ userId })).toBe(bundle.credits);
  });
});

describe('charges on a stored mandate wait for the payer', () => {
  it('a repeat order stays pending, with a sandbox step, until the payer chooses paid', async () => {
    const { userId, client, bundle } = await memberWithStoredCard();
    const repeat = await client.post('/api/repeatorder.php', {});
    expect(repeat.status).toBe(201);
    const paymentId = repeat.json.payment.id as number;
    expect(repeat.json.payment).toMatchObject({ state: 'pending', recurring: true });
    const sandboxId = sandboxIdOf(repeat.json.payment.checkout_url);

    // Nothing settles by itself, however long the jobs run (short of the sandbox's expiry).
    await drainJobs({ at: inSeconds(10) });
    await drainJobs({ at: inSeconds(SANDBOX_EXPIRY_MS / 1_000 / 2) });
    expect(await stateOf(client, paymentId)).toMatchObject({ state: 'pending' });
    expect(await sandboxStatus(sandboxId)).toBe('pending');
    expect(await getCreditBalance({ userId })).toBe(bundle.credits);

    // Nobody else can settle it.
    const stranger = await clientFor(await createMember(database()));
    expect(
      (await stranger.post('/api/sandbox-payment.php', { payment: sandboxId, outcome: 'paid' })).status,
    ).toBe(404);
    expect(
      (await apiClient().post('/api/sandbox-payment.php', { payment: sandboxId, outcome: 'paid' })).status,
    ).toBe(404);
    await drainJobs();
    expect(await stateOf(client, paymentId)).toMatchObject({ state: 'pending' });

    const page = await client.get(`/api/sandbox-payment.php?payment=${sandboxId}`);
    expect(page.json.payment).toMatchObject({ sequence: 'recurring', status: 'pending' });
    await choose(client, sandboxId, 'paid');
    await drainJobs();
    expect(await stateOf(client, paymentId)).toMatchObject({ state: 'completed', checkout_url: null });
    expect(await getCreditBalance({ userId })).toBe(2 * bundle.credits);
  });

  it('a repeat order the payer lets fail grants nothing', async () => {
    const { userId, client, bundle } = await memberWithStoredCard();
    const repeat = await client.post('/api/repeatorder.php', {});
    const sandboxId = sandboxIdOf(repeat.json.payment.checkout_url);
    await choose(client, sandboxId, 'failed');
    await drainJobs({ at: inSeconds(10) });
    expect(await stateOf(client, repeat.json.payment.id)).toMatchObject({ state: 'failed' });
    expect(await getCreditBalance({ userId })).toBe(bundle.credits);
  });

  it('a direct debit stays pending until the payer chooses on the sandbox step', async () => {
    const userId = await createMember(database());
    const client = await clientFor(userId);
    const bundle = await bundleIn(database(), 'NL');
    const [request] = await database()
      .insert(directDebitRequests)
      .values({
        userId,
        bundleId: bundle.id,
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
    if (!request) throw new Error('no request');
    const payment = await startDirectDebitPayment({
      userId,
      requestId: request.id,
      origin: 'http://lovelane.test',
      locale: 'en',
    });
    expect(payment).toMatchObject({ state: 'pending', method: 'directdebit', recurring: true });
    const sandboxId = sandboxIdOf(payment.checkout_url);

    await drainJobs({ at: inSeconds(10) });
    await drainJobs({ at: inSeconds(SANDBOX_EXPIRY_MS / 1_000 / 2) });
    expect(await stateOf(client, payment.id)).toMatchObject({ state: 'pending' });
    expect(await getCreditBalance({ userId })).toBe(0);

    await choose(client, sandboxId, 'paid');
    await drainJobs();
    expect(await stateOf(client, payment.id)).toMatchObject({ state: 'completed' });
    expect(await getCreditBalance({ userId })).toBe(bundle.credits);
  });
});

describe('sandbox payments nobody completes', () => {
  /** Makes a sandbox payment look as old as `ms`. */
  async function age(id: string, ms: number) {
    await database()
      .update(sandboxPayments)
      .set({ createdAt: new Date(Date.now() - ms) })
      .where(eq(sandboxPayments.id, id));
  }

  /** Due times of the schedule's runs in this file, one minute apart and all in the past. */
  let dueMinute = Math.floor(Date.now() / 60_000) - 1_000;

  /** Runs the scheduled expiry as the schedule fires it: one run in the jobs table. */
  async function runExpiry() {
    dueMinute += 1;
    expect(await queueDueJob({ kind: SANDBOX_EXPIRE_JOB, dueAt: new Date(dueMinute * 60_000) })).toBe(true);
    await drainJobs();
  }

  it('take no outcome once past their time, even before the scheduled expiry ran', async () => {
    const late = await startPurchase();
    await age(late.sandboxId, SANDBOX_EXPIRY_MS + 60_000);
    const page = await late.client.get(`/api/sandbox-payment.php?payment=${late.sandboxId}`);
    expect(page.json.payment.status).toBe('expired');
    await choose(late.client, late.sandboxId, 'paid');
    await drainJobs();
    expect(await sandboxStatus(late.sandboxId)).toBe('expired');
    expect(await stateOf(late.client, late.payment.id)).toMatchObject({ state: 'expired' });
    expect(await getCreditBalance({ userId: late.userId })).toBe(0);
  });

  it('runs on a schedule', () => {
    expect(recurringJobs().map((job) => job.kind)).toContain(SANDBOX_EXPIRE_JOB);
  });

  it('expire after the window, as a provider reports it, and read expired to the member', async () => {
    const fresh = await startPurchase();
    const old = await startPurchase();
    const waiting = await startPurchase();
    const paid = await startPurchase();
    await choose(waiting.client, waiting.sandboxId, 'pending');
    await choose(paid.client, paid.sandboxId, 'paid');
    await drainJobs();
    await age(fresh.sandboxId, SANDBOX_EXPIRY_MS - 60_000);
    for (const purchase of [old, waiting, paid]) await age(purchase.sandboxId, SANDBOX_EXPIRY_MS + 60_000);

    await runExpiry();
    expect(await sandboxStatus(fresh.sandboxId)).toBe('open');
    expect(await stateOf(fresh.client, fresh.payment.id)).toMatchObject({ state: 'pending' });
    expect(await sandboxStatus(paid.sandboxId)).toBe('paid');
    expect(await stateOf(paid.client, paid.payment.id)).toMatchObject({ state: 'completed' });
    for (const purchase of [old, waiting]) {
      expect(await sandboxStatus(purchase.sandboxId)).toBe('expired');
      expect(await stateOf(purchase.client, purchase.payment.id)).toMatchObject({
        state: 'expired',
        checkout_url: null,
      });
      const [row] = await database().select().from(payments).where(eq(payments.id, purchase.payment.id));
      expect(row?.status).toBe('expired');
      const events = await database()
        .select()
        .from(memberEvents)
        .where(eq(memberEvents.memberId, purchase.userId));
      expect(events.map((e) => e.payload)).toContainEqual(
        expect.objectContaining({ type: 'payment-updated', payment: purchase.payment.id, state: 'expired' }),
      );
      // An expired payment takes no outcome any more.
      await choose(purchase.client, purchase.sandboxId, 'paid');
      await drainJobs();
      expect(await getCreditBalance({ userId: purchase.userId })).toBe(0);
    }
  });
});

describe('a deployment on the sandbox', () => {
  const production = (changes: Partial<ReturnType<typeof env>> = {}) => ({
    ...env(),
    NODE_ENV: 'production' as const,
    PAYMENT_PROVIDER: 'sandbox' as const,
    ALLOW_SANDBOX_PAYMENTS: false,
    APP_URL: undefined,
    ...changes,
  });
  const local = ['default', 'localhost', '127.0.0.1', '127.0.0.6', '::1'];

  it('refuses to start with a public APP_URL or site domain, naming PAYMENT_PROVIDER and ALLOW_SANDBOX_PAYMENTS', () => {
    for (const problem of [
      sandboxDeploymentProblem({
        config: production({ APP_URL: 'https://www.example.com' }),
        siteDomains: local,
      }),
      sandboxDeploymentProblem({ config: production(), siteDomains: [...local, 'dating.example.nl'] }),
    ]) {
      expect(problem).toMatch(/PAYMENT_PROVIDER/);
      expect(problem).toMatch(/ALLOW_SANDBOX_PAYMENTS=1/);
    }
    expect(
      sandboxDeploymentProblem({ config: production(), siteDomains: [...local, 'dating.example.nl'] }),
    ).toContain('dating.example.nl');
  });

  it('starts on this machine, when allowed, off the sandbox, and outside production', () => {
    const publicDomains = [...local, 'dating.example.nl'];
    expect(sandboxDeploymentProblem({ config: production(), siteDomains: local })).toBeNull();
    for (const url of [
      'http://localhost:3000',
      'http://127.0.0.1:3311',
      'http://[::1]:3000',
      'http://app.localhost',
    ]) {
      expect(
        sandboxDeploymentProblem({ config: production({ APP_URL: url }), siteDomains: local }),
      ).toBeNull();
    }
    expect(
      sandboxDeploymentProblem({
        config: production({ ALLOW_SANDBOX_PAYMENTS: true }),
        siteDomains: publicDomains,
      }),
    ).toBeNull();
    expect(
      sandboxDeploymentProblem({
        config: production({ PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'test_abcdefghijklmnopqrstuvwxyz' }),
        siteDomains: publicDomains,
      }),
    ).toBeNull();
    expect(
      sandboxDeploymentProblem({
        config: production({ NODE_ENV: 'development' }),
        siteDomains: publicDomains,
      }),
    ).toBeNull();
  });

  it('reads the site domains from the database at start', async () => {
    expect(await checkSandboxDeployment(production())).toBeNull();
    await upsertSite({ domain: 'flirt.example.de', changes: {} });
    expect(await checkSandboxDeployment(production())).toMatch(/flirt\.example\.de/);
    expect(await checkSandboxDeployment(production({ ALLOW_SANDBOX_PAYMENTS: true }))).toBeNull();
    await database().execute(sql`delete from sites where domain = 'flirt.example.de'`);
  });

  it('takes no payment while a public address is configured without the permission (a domain added at run time)', async () => {
    stubEnv('NODE_ENV', 'production');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = await clientFor(await createMember(database()));
    const bundle = await bundleIn(database(), 'NL');
    // The tests' APP_URL (http://lovelane.test) is a public address.
    const refused = await client.post('/api/payment.php', {
      bundle: bundle.id,
      method: 'ideal',
      country: 'NL',
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('payment_unavailable');
    errors.mockRestore();
    stubEnv('ALLOW_SANDBOX_PAYMENTS', '1');
    const allowed = await client.post('/api/payment.php', {
      bundle: bundle.id,
      method: 'ideal',
      country: 'NL',
    });
    expect(allowed.status).toBe(201);
  });
});
