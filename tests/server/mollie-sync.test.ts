import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@/lib/server/db/schema';
import { creditBalances, creditLedger } from '@/lib/server/db/schema/credits';
import { paymentAccounts, paymentReversals, payments } from '@/lib/server/db/schema/payments';
import { createMollieProvider } from '@/lib/server/payments/mollie-provider';
import { refundPayment } from '@/lib/server/payments/refund-payment';
import { syncPayment } from '@/lib/server/payments/sync-payment';
import { createMember } from '../factories/create-member';
import { withTestDatabase } from '../helpers/database';
import { bundleIn } from './payments-helpers';

// The app's payment sync with the Mollie adapter, Mollie answering from the recorded test-mode
// exchange (tests/fixtures/mollie): what a member's credits, premium and direct debit become when
// Mollie's webhook arrives, also ten times at once.

const db = withTestDatabase();
const database = () => db.handle().db;
const RECORDED_ID = 'tr_WDqYK6vllg';
let paymentsMade = 0;

/** A recorded answer, about the payment with Mollie id `id` (each test has a payment of its own). */
function recorded(name: string, id: string): unknown {
  const file = path.resolve(import.meta.dirname, '../fixtures/mollie', `${name}.json`);
  const text = fs.readFileSync(file, 'utf8').replaceAll(RECORDED_ID, id);
  return (JSON.parse(text) as { response: { body: unknown } }).response.body;
}

/** Mollie answering GET /payments/<id> with this recorded state, however often it is asked. */
function mollieAnswering(state: string, id: string) {
  const calls: string[] = [];
  const provider = createMollieProvider({
    apiKey: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM',
    fetch: (input) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      calls.push(`${url.pathname}?${url.searchParams.toString()}`);
      return Promise.resolve(
        url.pathname === `/v2/payments/${id}`
          ? Response.json(recorded(state, id))
          : Response.json({ status: 404, title: 'Not Found', detail: 'Unknown' }, { status: 404 }),
      );
    },
  });
  return { provider, calls };
}

/** A member's open iDEAL payment at Mollie: 250 credits for 41.21 EUR (54.95 with 25% off). */
async function openMolliePayment() {
  const userId = await createMember(database());
  const bundle = await bundleIn(database(), 'NL');
  paymentsMade += 1;
  const mollieId = `${RECORDED_ID}${paymentsMade}`;
  const [row] = await database()
    .insert(payments)
    .values({
      userId,
      bundleId: bundle.id,
      country: 'NL',
      currency: 'EUR',
      credits: 250,
      listAmountMinor: 5495,
      amountMinor: 4121,
      discountPercentage: 25,
      method: 'ideal',
      provider: 'mollie',
      providerPaymentId: mollieId,
      status: 'open',
    })
    .returning({ id: payments.id });
  if (!row) throw new Error('no payment');
  return { userId, paymentId: row.id, mollieId };
}

async function books(userId: number) {
  const [balance] = await database()
    .select({ balance: creditBalances.balance })
    .from(creditBalances)
    .where(eq(creditBalances.userId, userId));
  const [ledger] = await database()
    .select({ sum: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  const [member] = await database()
    .select({ paidUser: users.paidUser })
    .from(users)
    .where(eq(users.id, userId));
  const rows = await database()
    .select({ delta: creditLedger.delta, reason: creditLedger.reason, reference: creditLedger.reference })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(creditLedger.id);
  return { balance: balance?.balance ?? 0, ledger: ledger?.sum ?? 0, premium: member?.paidUser, rows };
}

describe('Mollie webhooks synced through the adapter', () => {
  it('grants the credits and premium once when the webhook arrives ten times at once', async () => {
    const { userId, paymentId, mollieId } = await openMolliePayment();
    const mollie = mollieAnswering('payment-get-paid', mollieId);

    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        syncPayment({ providerPaymentId: mollieId, provider: mollie.provider }),
      ),
    );
    expect(answers.map((a) => a?.state)).toEqual(Array(10).fill('completed'));
    // Every webhook re-fetched the payment from Mollie, with its reversals embedded.
    expect(mollie.calls).toEqual(Array(10).fill(`/v2/payments/${mollieId}?embed=refunds%2Cchargebacks`));

    const after = await books(userId);
    expect(after.rows).toEqual([{ delta: 250, reason: 'purchase', reference: `payment:${paymentId}` }]);
    expect(after).toMatchObject({ balance: 250, ledger: 250, premium: true });
    const [payment] = await database().select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ status: 'paid', method: 'ideal', reversedMinor: 0 });
  });

  it('takes back a refund in proportion and a chargeback in full, each once, and blocks direct debit', async () => {
    const { userId, paymentId, mollieId } = await openMolliePayment();
    await syncPayment({
      providerPaymentId: mollieId,
      provider: mollieAnswering('payment-get-paid', mollieId).provider,
    });

    // 10.00 of 41.21 EUR refunded (a canceled refund beside it gave nothing back): 61 of 250 credits.
    const refunded = mollieAnswering('payment-get-refunded', mollieId).provider;
    await Promise.all([1, 2, 3].map(() => syncPayment({ providerPaymentId: mollieId, provider: refunded })));
    expect(await books(userId)).toMatchObject({ balance: 189, ledger: 189 });
    const [account] = await database()
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.userId, userId));
    expect(account?.directDebitBlockedAt ?? null).toBeNull();

    // Then the bank charged the payment back (a failed refund beside it gave nothing back).
    const chargedBack = mollieAnswering('payment-get-charged-back', mollieId).provider;
    await Promise.all(
      [1, 2, 3].map(() => syncPayment({ providerPaymentId: mollieId, provider: chargedBack })),
    );
    const after = await books(userId);
    expect(after.rows).toEqual([
      { delta: 250, reason: 'purchase', reference: `payment:${paymentId}` },
      { delta: -61, reason: 'refund', reference: 'refund:re_4qqhO89gsT' },
      { delta: -189, reason: 'chargeback', reference: 'chargeback:chb_xFzwUN4ci8HAmSGUACS4J' },
    ]);
    expect(after).toMatchObject({ balance: 0, ledger: 0 });
    const reversals = await database()
      .select({
        kind: paymentReversals.kind,
        id: paymentReversals.providerReversalId,
        amount: paymentReversals.amountMinor,
      })
      .from(paymentReversals)
      .where(and(eq(paymentReversals.paymentId, paymentId)))
      .orderBy(paymentReversals.id);
    expect(reversals).toEqual([
      { kind: 'refund', id: 're_4qqhO89gsT', amount: 1000 },
      { kind: 'chargeback', id: 'chb_xFzwUN4ci8HAmSGUACS4J', amount: 3121 },
    ]);
    const [blocked] = await database()
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.userId, userId));
    expect(blocked?.directDebitBlockedAt).toBeInstanceOf(Date);
  });

  it('acknowledges a webhook for a payment Mollie does not know without booking anything', async () => {
    const { userId, mollieId } = await openMolliePayment();
    const unknown = mollieAnswering('payment-get-paid', mollieId);
    // No payment of the app awaits an id: Mollie is not even asked.
    expect(await syncPayment({ providerPaymentId: 'tr_unknown00', provider: unknown.provider })).toBeNull();
    expect(unknown.calls).toEqual([]);

    // A new payment awaits its id: Mollie is asked, and does not know this one.
    await database()
      .update(payments)
      .set({ providerPaymentId: null })
      .where(eq(payments.providerPaymentId, mollieId));
    await expect(
      syncPayment({ providerPaymentId: 'tr_unknown00', provider: unknown.provider }),
    ).rejects.toMatchObject({ name: 'AppError', code: 'not_found' });
    expect(unknown.calls).toEqual(['/v2/payments/tr_unknown00?embed=refunds%2Cchargebacks']);
    expect(await books(userId)).toMatchObject({ balance: 0, ledger: 0, premium: false, rows: [] });
  });

  it('refunds through Mollie when customer service asks, once, and books what Mollie reports', async () => {
    const { userId, paymentId, mollieId } = await openMolliePayment();
    let state = 'payment-get-paid';
    // The recorded refund's id, made this test's own (another test books the recorded one).
    const refundId = 're_support0001';
    const answer = (name: string) =>
      JSON.parse(JSON.stringify(recorded(name, mollieId)).replaceAll('re_4qqhO89gsT', refundId)) as unknown;
    const requests: { method: string; path: string; body: unknown }[] = [];
    const provider = createMollieProvider({
      apiKey: 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM',
      fetch: (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        const method = init?.method ?? 'GET';
        requests.push({
          method,
          path: url.pathname,
          body: typeof init?.body === 'string' ? JSON.parse(init.body) : null,
        });
        if (method === 'POST' && url.pathname === `/v2/payments/${mollieId}/refunds`) {
          state = 'payment-get-refunded';
          return Promise.resolve(Response.json(answer('refund-create'), { status: 201 }));
        }
        return Promise.resolve(Response.json(answer(state)));
      },
    });
    await syncPayment({ providerPaymentId: mollieId, provider });
    const done = await refundPayment({ paymentId, provider });
    // The whole amount was asked back from Mollie, in Mollie's notation.
    expect(requests.filter((r) => r.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: `/v2/payments/${mollieId}/refunds`,
        body: expect.objectContaining({ amount: { currency: 'EUR', value: '41.21' } }),
      },
    ]);
    // Mollie's record lists the refund it accepted (10.00 of it pending, a canceled one ignored):
    // the credits in proportion come back off the balance.
    expect(done.payment).toMatchObject({ reversed_amount: 1000, refundable: false });
    const after = await books(userId);
    expect(after.rows).toContainEqual({ delta: -61, reason: 'refund', reference: `refund:${refundId}` });
    expect(after.balance).toBe(250 - 61);
    await expect(refundPayment({ paymentId, provider })).rejects.toMatchObject({
      code: 'payment_unavailable',
    });
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});
