import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getCreditBalance } from '@/lib/server/credits/get-credit-balance';
import {
  creditBundles,
  discountCodes,
  discountRedemptions,
  payments,
  sandboxPayments,
  users,
} from '@/lib/server/db/schema';
import { getTimeBonus } from '@/lib/server/discounts/get-time-bonus';
import { memberOffers } from '@/lib/server/discounts/member-offers';
import { resolveDiscount } from '@/lib/server/discounts/resolve-discount';
import { discountedAmount } from '@/lib/shared/values/payments';
import { clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';
import { operatorClient } from '../helpers/operators';
import { createMember } from '../factories/create-member';
import { uniqueTag } from '../factories/unique';
import { drainJobs, sandboxIdOf } from './payments-helpers';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();

const HOUR = 3_600_000;

async function bundleOf(country: string, index = 0) {
  const rows = await db
    .handle()
    .db.select()
    .from(creditBundles)
    .where(and(eq(creditBundles.country, country), eq(creditBundles.active, true)))
    .orderBy(asc(creditBundles.amountMinor));
  const bundle = rows[index];
  if (!bundle) throw new Error(`no bundle ${index} in ${country}`);
  return bundle;
}

async function addCode(values: Partial<typeof discountCodes.$inferInsert> = {}) {
  const [row] = await db
    .handle()
    .db.insert(discountCodes)
    .values({ code: `T${uniqueTag()}`.slice(0, 30).toUpperCase(), valuePercentage: 10, ...values })
    .returning();
  if (!row) throw new Error('no code');
  return row;
}

/** Books a completed payment that used the code, as the payment core does with the credits. */
async function redeem(userId: number, codeId: number) {
  const bundle = await bundleOf('NL');
  const [payment] = await db
    .handle()
    .db.insert(payments)
    .values({
      userId,
      bundleId: bundle.id,
      country: 'NL',
      currency: 'EUR',
      credits: bundle.credits,
      listAmountMinor: bundle.amountMinor,
      amountMinor: bundle.amountMinor,
      discountCodeId: codeId,
      method: 'ideal',
      provider: 'sandbox',
      status: 'paid',
      paidAt: new Date(),
    })
    .returning({ id: payments.id });
  if (!payment) throw new Error('no payment');
  await db
    .handle()
    .db.insert(discountRedemptions)
    .values({ discountCodeId: codeId, userId, paymentId: payment.id });
}

/** The time bonus's code row (TIMEBONUS25, from the seed). */
async function timeBonusCode() {
  const [bonus] = await db
    .handle()
    .db.select()
    .from(discountCodes)
    .where(eq(discountCodes.code, 'TIMEBONUS25'));
  if (!bonus) throw new Error('no time bonus code');
  return bonus;
}

async function signedUpAgo(userId: number, ms: number, now = new Date()) {
  await db
    .handle()
    .db.update(users)
    .set({ createdAt: new Date(now.getTime() - ms) })
    .where(eq(users.id, userId));
}

describe('discount code rules', () => {
  it('answers a code that fits the order, with its percentage, and tells not found from already used', async () => {
    const userId = await createMember(db.handle().db);
    const client = await clientFor(userId);
    const code = await addCode({ valuePercentage: 15, validity: 'once_per_user' });

    const fits = await client.get(
      `/api/discountcode.php?code=${code.code.toLowerCase()}&country=NL&method=ideal`,
    );
    expect(fits.status).toBe(200);
    expect(fits.json.discount_code).toMatchObject({
      code: code.code,
      value_percentage: 15,
      expired: false,
      validity: 'once_per_user',
    });

    const missing = await client.get('/api/discountcode.php?code=NOSUCHCODE');
    expect(missing.status).toBe(404);
    expect(missing.json.error).toEqual({
      code: 'discount_not_found',
      message: 'This discount code was not found.',
    });

    await redeem(userId, code.id);
    const used = await client.get(`/api/discountcode.php?code=${code.code}`);
    expect(used.status).toBe(409);
    expect(used.json.error).toEqual({
      code: 'discount_used',
      message: 'You have already used this discount code.',
    });
    // Another member may still use it; an unlimited code stays usable after use.
    const other = await createMember(db.handle().db);
    expect((await (await clientFor(other)).get(`/api/discountcode.php?code=${code.code}`)).status).toBe(200);
    const unlimited = await addCode({ validity: 'unlimited' });
    await redeem(userId, unlimited.id);
    expect((await client.get(`/api/discountcode.php?code=${unlimited.code}`)).status).toBe(200);
  });

  it('refuses a switched-off code and a code made for another member as not found', async () => {
    const userId = await createMember(db.handle().db);
    const other = await createMember(db.handle().db);
    const off = await addCode({ status: 'inactive' });
    const personal = await addCode({ userId: other });
    const client = await clientFor(userId);
    expect((await client.get(`/api/discountcode.php?code=${off.code}`)).json.error.code).toBe(
      'discount_not_found',
    );
    expect((await client.get(`/api/discountcode.php?code=${personal.code}`)).json.error.code).toBe(
      'discount_not_found',
    );
    expect((await (await clientFor(other)).get(`/api/discountcode.php?code=${personal.code}`)).status).toBe(
      200,
    );
  });

  it('checks the country, the minimum order value, the currency and the payment method, saying why', async () => {
    const userId = await createMember(db.handle().db);
    const client = await clientFor(userId);
    const nlOnly = await addCode({ country: 'NL' });
    const fromBE = await client.get(`/api/discountcode.php?code=${nlOnly.code}&country=BE`);
    expect(fromBE.status).toBe(422);
    expect(fromBE.json.error).toEqual({
      code: 'discount_not_applicable',
      message: 'This discount code is only valid for payments from the Netherlands.',
    });
    expect((await client.get(`/api/discountcode.php?code=${nlOnly.code}&country=NL`)).status).toBe(200);

    const small = await bundleOf('NL', 0);
    const large = await bundleOf('NL', 2);
    const minimum = await addCode({ minimumOrderMinor: small.amountMinor + 1, currency: 'EUR' });
    const below = await client.get(`/api/discountcode.php?code=${minimum.code}&bundle=${small.id}`);
    expect(below.status).toBe(422);
    const euros = ((small.amountMinor + 1) / 100).toFixed(2);
    expect(below.json.error.message).toBe(`This discount code is valid from an order value of €${euros}.`);
    const inDutch = await (
      await clientFor(userId, { language: 'nl' })
    ).get(`/api/discountcode.php?code=${minimum.code}&bundle=${small.id}`);
    expect(inDutch.json.error.message).toBe(
      `Deze kortingscode geldt vanaf een bestelwaarde van ${new Intl.NumberFormat('nl', { style: 'currency', currency: 'EUR' }).format((small.amountMinor + 1) / 100)}.`,
    );
    expect((await client.get(`/api/discountcode.php?code=${minimum.code}&bundle=${large.id}`)).status).toBe(
      200,
    );

    const plnBundle = await bundleOf('PL');
    const euroOnly = await addCode({ currency: 'EUR' });
    const inZloty = await client.get(`/api/discountcode.php?code=${euroOnly.code}&bundle=${plnBundle.id}`);
    expect(inZloty.json.error).toEqual({
      code: 'discount_not_applicable',
      message: 'This discount code is only valid for payments in EUR.',
    });

    const idealOnly = await addCode({ paymentMethods: ['ideal'] });
    const byCard = await client.get(`/api/discountcode.php?code=${idealOnly.code}&method=creditcard`);
    expect(byCard.json.error).toEqual({
      code: 'discount_not_applicable',
      message: 'This discount code cannot be used with this payment method.',
    });
    expect((await client.get(`/api/discountcode.php?code=${idealOnly.code}&method=ideal`)).status).toBe(200);
  });

  it('refuses a code after its expiry, and answers its expiry before', async () => {
    const userId = await createMember(db.handle().db);
    const now = new Date();
    const ending = await addCode({ expiresAt: new Date(now.getTime() + HOUR) });
    const resolved = await resolveDiscount({ userId, code: ending.code, now });
    expect(resolved.expiresAt?.toISOString()).toBe(ending.expiresAt?.toISOString());
    await expect(
      resolveDiscount({ userId, code: ending.code, now: new Date(now.getTime() + HOUR) }),
    ).rejects.toMatchObject({ code: 'discount_not_applicable', options: { messageKey: 'discount_expired' } });
    const over = await addCode({ expiresAt: new Date(Date.now() - 1000) });
    const answer = await (await clientFor(userId)).get(`/api/discountcode.php?code=${over.code}`);
    expect(answer.json.error).toEqual({
      code: 'discount_not_applicable',
      message: 'This discount code has expired.',
    });
  });
});

describe('welcome code', () => {
  it('answers the welcome code to a member who has not paid, ending at the member’s window end', async () => {
    const userId = await createMember(db.handle().db);
    const [member] = await db.handle().db.select().from(users).where(eq(users.id, userId));
    const [welcome] = await db
      .handle()
      .db.select()
      .from(discountCodes)
      .where(eq(discountCodes.welcome, true));
    if (!member || !welcome?.welcomeHours) throw new Error('no member or welcome code');
    const answer = await (await clientFor(userId)).get('/api/discountcode.php?welcome=true');
    expect(answer.status).toBe(200);
    expect(answer.json.discount_code).toMatchObject({
      code: welcome.code,
      value_percentage: 25,
      expired: false,
    });
    expect(answer.json.discount_code.expires).toBe(
      new Date(member.createdAt.getTime() + welcome.welcomeHours * HOUR).toISOString(),
    );
  });

  it('has no welcome code for a paid member, nor after the window', async () => {
    const paid = await createMember(db.handle().db, { paidUser: true });
    expect((await (await clientFor(paid)).get('/api/discountcode.php?welcome=true')).status).toBe(404);
    const old = await createMember(db.handle().db);
    await signedUpAgo(old, 73 * HOUR);
    const late = await (await clientFor(old)).get('/api/discountcode.php?welcome=true');
    expect(late.status).toBe(422);
    expect(late.json.error.message).toBe('This discount code has expired.');
  });
});

describe('time bonus', () => {
  it('answers TIMEBONUS25 with the seconds left to a new member', async () => {
    const userId = await createMember(db.handle().db);
    const answer = await (await clientFor(userId)).get('/api/timebonus.php');
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ code: 'TIMEBONUS25', value_percentage: 25 });
    expect(answer.json.seconds_left).toBeGreaterThan(14_390);
    expect(answer.json.seconds_left).toBeLessThanOrEqual(14_400);
  });

  it('lasts until 14,399 s after signup and is gone at 14,400 s', async () => {
    const userId = await createMember(db.handle().db);
    const now = new Date();
    await signedUpAgo(userId, 14_399_000, now);
    expect(await getTimeBonus({ userId, now })).toMatchObject({ code: 'TIMEBONUS25', seconds_left: 1 });
    await signedUpAgo(userId, 14_400_000, now);
    await expect(getTimeBonus({ userId, now })).rejects.toMatchObject({ code: 'not_found' });
    // Checked as a code at checkout, it ends at the same moment.
    await signedUpAgo(userId, 14_399_000, now);
    // One second before the end, in any letter case: the code applies and ends exactly at the window's end.
    const resolved = await resolveDiscount({ userId, code: 'timebonus25', now });
    expect(resolved.code.code).toBe('TIMEBONUS25');
    expect(resolved.expiresAt?.getTime()).toBe(now.getTime() + 1_000);
    await signedUpAgo(userId, 14_400_000, now);
    await expect(resolveDiscount({ userId, code: 'TIMEBONUS25', now })).rejects.toMatchObject({
      code: 'discount_not_applicable',
    });
    const answer = await (await clientFor(userId)).get('/api/timebonus.php');
    expect(answer.status).toBe(404);
    expect(answer.json.error.code).toBe('not_found');
  });

  it('is not offered to a paid member, nor after the member used it', async () => {
    const paid = await createMember(db.handle().db, { paidUser: true });
    expect((await (await clientFor(paid)).get('/api/timebonus.php')).status).toBe(404);
    await expect(resolveDiscount({ userId: paid, code: 'TIMEBONUS25' })).rejects.toMatchObject({
      code: 'discount_not_applicable',
    });

    const userId = await createMember(db.handle().db);
    await redeem(userId, (await timeBonusCode()).id);
    expect((await (await clientFor(userId)).get('/api/timebonus.php')).status).toBe(404);
    const again = await (await clientFor(userId)).get('/api/discountcode.php?code=TIMEBONUS25');
    expect(again.json.error.code).toBe('discount_used');
  });
});

describe('once-only codes on payments not paid yet', () => {
  type Client = Awaited<ReturnType<typeof clientFor>>;

  const pay = (client: Client, bundleId: number, code?: string, method = 'ideal') =>
    client.post('/api/payment.php', { bundle: bundleId, method, country: 'NL', ...(code ? { code } : {}) });

  /** The payer's choice on the sandbox checkout page, and the provider's webhook call after it. */
  async function settle(client: Client, checkoutUrl: string, outcome: string) {
    const chosen = await client.post('/api/sandbox-payment.php', {
      payment: sandboxIdOf(checkoutUrl),
      outcome,
    });
    expect(chosen.status).toBe(200);
    await drainJobs();
  }

  async function redemptionsOf(userId: number, codeId: number) {
    return db
      .handle()
      .db.select()
      .from(discountRedemptions)
      .where(and(eq(discountRedemptions.userId, userId), eq(discountRedemptions.discountCodeId, codeId)));
  }

  it('takes the time bonus and the welcome code on one open payment each, in the member’s language', async () => {
    const userId = await createMember(db.handle().db);
    const client = await clientFor(userId);
    const bundle = await bundleOf('NL', 1);

    const first = await pay(client, bundle.id, 'TIMEBONUS25');
    expect(first.status).toBe(201);
    expect(first.json.payment.discount_percentage).toBe(25);
    // Not again while that payment is open, by any method, nor when looked up for the form.
    const second = await pay(client, bundle.id, 'TIMEBONUS25');
    expect(second.status).toBe(409);
    expect(second.json.error).toEqual({
      code: 'discount_reserved',
      message:
        'This code is already on a payment you have not finished. Complete that payment, or use the code again once it has been cancelled or has expired.',
    });
    expect((await pay(client, bundle.id, 'timebonus25', 'creditcard')).json.error.code).toBe(
      'discount_reserved',
    );
    const inDutch = await (
      await clientFor(userId, { language: 'nl' })
    ).get(`/api/discountcode.php?code=TIMEBONUS25&bundle=${bundle.id}`);
    expect(inDutch.status).toBe(409);
    expect(inDutch.json.error.message).toMatch(/^Deze code staat al op een betaling/);

    // The welcome code is a code of its own: one open payment with it too.
    expect((await pay(client, bundle.id, 'WELCOME25')).status).toBe(201);
    expect((await pay(client, bundle.id, 'WELCOME25')).json.error.code).toBe('discount_reserved');

    // Paid, the member is past the welcome offers; nothing else was charged at 25% off.
    await settle(client, first.json.payment.checkout_url, 'paid');
    expect((await pay(client, bundle.id, 'TIMEBONUS25')).json.error.code).toBe('discount_not_applicable');
    const discounted = await db
      .handle()
      .db.select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.discountPercentage, 25)));
    expect(discounted).toHaveLength(2);
  });

  it('is free again when the payment holding it fails, is cancelled or expires', async () => {
    const userId = await createMember(db.handle().db);
    const client = await clientFor(userId);
    const bundle = await bundleOf('NL', 1);
    for (const outcome of ['canceled', 'failed', 'expired']) {
      const held = await pay(client, bundle.id, 'TIMEBONUS25');
      expect(held.status, outcome).toBe(201);
      expect((await pay(client, bundle.id, 'TIMEBONUS25')).status).toBe(409);
      await settle(client, held.json.payment.checkout_url, outcome);
    }
    const last = await pay(client, bundle.id, 'TIMEBONUS25');
    expect(last.status).toBe(201);
    await settle(client, last.json.payment.checkout_url, 'paid');
    const bonus = await timeBonusCode();
    expect((await redemptionsOf(userId, bonus.id)).map((r) => r.paymentId)).toEqual([last.json.payment.id]);
  });

  it('is free again when the payment holding it never reached the provider', async () => {
    const userId = await createMember(db.handle().db);
    const client = await clientFor(userId);
    const bundle = await bundleOf('NL', 1);
    const stuck = await pay(client, bundle.id, 'TIMEBONUS25');
    expect(stuck.status).toBe(201);
    // As if the app had stopped between storing the payment and the provider's answer.
    await db
      .handle()
      .db.update(payments)
      .set({ providerPaymentId: null, createdAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(payments.id, stuck.json.payment.id));
    expect((await pay(client, bundle.id, 'TIMEBONUS25')).status).toBe(201);
    expect((await pay(client, bundle.id, 'TIMEBONUS25')).json.error.code).toBe('discount_reserved');
  });

  it('opens one payment when the same once-only code is sent three times at once', async () => {
    const userId = await createMember(db.handle().db);
    const client = await clientFor(userId);
    const code = await addCode({ valuePercentage: 50, validity: 'once_per_user' });
    const bundle = await bundleOf('NL', 2);
    const answers = await Promise.all([1, 2, 3].map(() => pay(client, bundle.id, code.code)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const opened = answers.find((a) => a.status === 201);
    expect(answers.filter((a) => a.status === 409).map((a) => String(a.json.error.code))).toEqual([
      'discount_reserved',
      'discount_reserved',
    ]);
    await settle(client, opened?.json.payment.checkout_url, 'paid');
    expect(await redemptionsOf(userId, code.id)).toHaveLength(1);
    expect((await pay(client, bundle.id, code.code)).json.error.code).toBe('discount_used');
    expect(await getCreditBalance({ userId })).toBe(bundle.credits);
  });

  it('holds a completed payment whose once-only code was already spent for customer service, booking nothing', async () => {
    const userId = await createMember(db.handle().db);
    const client = await clientFor(userId);
    const code = await addCode({ valuePercentage: 50, validity: 'once_per_user' });
    const bundle = await bundleOf('NL', 1);
    const first = await pay(client, bundle.id, code.code);
    expect(first.status).toBe(201);
    // A second payment that carries the code without holding it (as payments opened before codes
    // were held by open payments did).
    const second = await pay(client, bundle.id);
    expect(second.status).toBe(201);
    const half = discountedAmount(bundle.amountMinor, 50);
    await db
      .handle()
      .db.update(payments)
      .set({ discountCodeId: code.id, discountPercentage: 50, amountMinor: half })
      .where(eq(payments.id, second.json.payment.id));
    await db
      .handle()
      .db.update(sandboxPayments)
      .set({ amountMinor: half })
      .where(eq(sandboxPayments.id, sandboxIdOf(second.json.payment.checkout_url)));

    await settle(client, first.json.payment.checkout_url, 'paid');
    await settle(client, second.json.payment.checkout_url, 'paid');

    // Only the first is booked at the discount; the second waits for a person.
    expect(await getCreditBalance({ userId })).toBe(bundle.credits);
    expect((await redemptionsOf(userId, code.id)).map((r) => r.paymentId)).toEqual([first.json.payment.id]);
    const [held] = await db
      .handle()
      .db.select()
      .from(payments)
      .where(eq(payments.id, second.json.payment.id));
    expect(held).toMatchObject({ status: 'paid', paidAt: null, heldReason: 'discount_spent' });
    const mine = await client.get(`/api/payment.php?id=${second.json.payment.id}`);
    expect(mine.json.payment).toMatchObject({ state: 'pending', checkout_url: null, held: true });

    // Customer service sees it held in the member's file, and can refund it without taking credits.
    const support = await operatorClient('support');
    const file = await support.client.get(`/api/operator/member.php?id=${userId}`);
    const inFile = (file.json.payments as { id: number }[]).find((p) => p.id === second.json.payment.id);
    expect(inFile).toMatchObject({ held_reason: 'discount_spent', refundable: true });
    const refunded = await support.client.post('/api/operator/refund.php', {
      payment: second.json.payment.id,
    });
    expect(refunded.status, JSON.stringify(refunded.json)).toBe(200);
    expect(refunded.json.payment).toMatchObject({ reversed_amount: half, refundable: false });
    expect(await getCreditBalance({ userId })).toBe(bundle.credits);
  });
});

describe('the offers a page brings for its first paint', () => {
  /** The page's offers against the answers of the two calls the browser would make. */
  async function expectSameAsCalls(userId: number) {
    const client = await clientFor(userId);
    const [offers, welcome, bonus] = await Promise.all([
      memberOffers({ userId, locale: 'en' }),
      client.get('/api/discountcode.php?welcome=true'),
      client.get('/api/timebonus.php'),
    ]);
    expect(offers.welcome).toEqual(welcome.status === 200 ? welcome.json.discount_code : null);
    if (bonus.status !== 200) expect(offers.timeBonus).toBeNull();
    else {
      expect(offers.timeBonus).toMatchObject({
        code: bonus.json.code,
        value_percentage: bonus.json.value_percentage,
      });
      expect(
        Math.abs((offers.timeBonus?.seconds_left ?? 0) - Number(bonus.json.seconds_left)),
      ).toBeLessThanOrEqual(2);
    }
    return offers;
  }

  it('answer as the welcome-code and time-bonus calls do, in every state of the member', async () => {
    const userId = await createMember(db.handle().db);
    const fresh = await expectSameAsCalls(userId);
    expect(fresh.welcome?.code).toBe('WELCOME25');
    expect(fresh.timeBonus?.code).toBe('TIMEBONUS25');

    // Both codes on payments not finished yet: the welcome code is held, the bonus still counts down.
    const client = await clientFor(userId);
    const bundle = await bundleOf('NL', 1);
    for (const code of ['WELCOME25', 'TIMEBONUS25']) {
      const started = await client.post('/api/payment.php', {
        bundle: bundle.id,
        method: 'ideal',
        country: 'NL',
        code,
      });
      expect(started.status).toBe(201);
    }
    const held = await expectSameAsCalls(userId);
    expect(held.welcome).toBeNull();

    // Signed up more than four hours ago: the time bonus is over.
    const older = await createMember(db.handle().db);
    await signedUpAgo(older, 5 * HOUR);
    expect((await expectSameAsCalls(older)).timeBonus).toBeNull();

    // The time bonus spent on a completed payment.
    const spent = await createMember(db.handle().db);
    await redeem(spent, (await timeBonusCode()).id);
    expect((await expectSameAsCalls(spent)).timeBonus).toBeNull();

    // A member who has paid has none; the welcome code switched off is no offer.
    const paid = await createMember(db.handle().db, { paidUser: true });
    expect(await expectSameAsCalls(paid)).toEqual({ welcome: null, timeBonus: null });
    await db
      .handle()
      .db.update(discountCodes)
      .set({ status: 'inactive' })
      .where(eq(discountCodes.code, 'WELCOME25'));
    try {
      const later = await createMember(db.handle().db);
      expect((await expectSameAsCalls(later)).welcome).toBeNull();
    } finally {
      await db
        .handle()
        .db.update(discountCodes)
        .set({ status: 'active' })
        .where(eq(discountCodes.code, 'WELCOME25'));
    }
  });
});
