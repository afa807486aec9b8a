// Customer service in the operator console: finding a member, their file, credit corrections,
// refunds through the payment provider (once), resending the activation mail, ending sessions and
// deleting an account on request; every action in the audit log; moderators refused.
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  creditLedger,
  mailOutbox,
  operatorAuditLog,
  payments,
  sandboxPayments,
  sessions,
  users,
} from '@/lib/server/db/schema';
import { getCreditBalance } from '@/lib/server/credits/get-credit-balance';
import { postCreditEntry } from '@/lib/server/credits/post-credit-entry';
import { refundPayment } from '@/lib/server/payments/refund-payment';
import { createSandboxProvider } from '@/lib/server/payments/sandbox-provider';
import type { PaymentProvider } from '@/lib/server/payments/payment-provider';
import type { CreditLedgerResponse } from '@/lib/shared/schemas/credits';
import { clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';
import { operatorClient } from '../helpers/operators';
import { createMember } from '../factories/create-member';
import { bundleIn, drainJobs, sandboxIdOf } from './payments-helpers';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();
const database = () => db.handle().db;

type Operator = Awaited<ReturnType<typeof operatorClient>>;
let support: Operator;
let moderator: Operator;

beforeAll(async () => {
  support = await operatorClient('support');
  moderator = await operatorClient('moderator');
});

/** A member who bought the NL bundle through the sandbox and paid; answers the payment's id. */
async function paidPurchase(userId: number) {
  const client = await clientFor(userId);
  const bundle = await bundleIn(database(), 'NL');
  const started = await client.post('/api/payment.php', {
    bundle: bundle.id,
    method: 'ideal',
    country: 'NL',
  });
  expect(started.status, JSON.stringify(started.json)).toBe(201);
  const sandboxId = sandboxIdOf(started.json.payment.checkout_url);
  const chosen = await client.post('/api/sandbox-payment.php', { payment: sandboxId, outcome: 'paid' });
  expect(chosen.status).toBe(200);
  await drainJobs();
  const paymentId = started.json.payment.id as number;
  const [row] = await database().select().from(payments).where(eq(payments.id, paymentId));
  expect(row?.status).toBe('paid');
  return { paymentId, bundle, sandboxId, client };
}

async function auditRows(action: string, memberId: number) {
  return database()
    .select()
    .from(operatorAuditLog)
    .where(and(eq(operatorAuditLog.action, action), eq(operatorAuditLog.subjectId, String(memberId))))
    .orderBy(desc(operatorAuditLog.id));
}

describe('finding a member', () => {
  it('finds by e-mail address, by part of the name and by id, and opens the file', async () => {
    const id = await createMember(database(), { name: 'Quintessa' });
    const [user] = await database().select({ email: users.email }).from(users).where(eq(users.id, id));
    const email = user?.email ?? '';

    for (const q of [email.toUpperCase(), 'intess', String(id)]) {
      const res = await support.client.get(`/api/operator/members.php?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(res.json.members[0], q).toMatchObject({ id, email, name: 'Quintessa', credits: 0 });
    }
    const none = await support.client.get('/api/operator/members.php?q=nobody-has-this-%25-name');
    expect(none.json.members).toEqual([]);

    const file = await support.client.get(`/api/operator/member.php?id=${id}`);
    expect(file.status).toBe(200);
    expect(file.json.member).toMatchObject({ id, email, name: 'Quintessa', status: 'confirmed' });
    expect(file.json).toMatchObject({ credits: 0, ledger: [], payments: [], sessions: [] });
    expect((await support.client.get('/api/operator/member.php?id=2147483647')).status).toBe(404);
  });

  it('shows the member’s sessions, blocks both ways and complaints by and about them', async () => {
    const id = await createMember(database());
    const other = await createMember(database(), { name: 'Blockee' });
    const member = await clientFor(id);
    expect((await member.post('/api/block.php', { member: other })).status).toBeLessThan(300);
    const complaint = await member.post('/api/complaint.php', {
      member: other,
      reason: 'fake_profile',
      text: 'This profile uses photos of somebody else, I am sure of it.',
    });
    expect(complaint.status, JSON.stringify(complaint.json)).toBeLessThan(300);

    const file = (await support.client.get(`/api/operator/member.php?id=${id}`)).json;
    expect(file.sessions).toHaveLength(1);
    expect(file.blocks.blocked).toEqual([expect.objectContaining({ id: other, name: 'Blockee' })]);
    expect(file.complaints.by).toEqual([expect.objectContaining({ other_id: other, other_name: 'Blockee' })]);
    const theirs = (await support.client.get(`/api/operator/member.php?id=${other}`)).json;
    expect(theirs.blocks.blocked_by).toEqual([expect.objectContaining({ id })]);
    expect(theirs.complaints.about).toEqual([expect.objectContaining({ other_id: id })]);
  });
});

describe('correcting credits', () => {
  it('books a new ledger row with the reason, moves the balance, and the member sees it labelled', async () => {
    const id = await createMember(database());
    await postCreditEntry({ userId: id, delta: 30, reason: 'signup_bonus', reference: `signup:${id}` });

    const added = await support.client.post('/api/operator/credits.php', {
      member: id,
      delta: 25,
      reason: 'Messages lost in the outage of 3 May',
    });
    expect(added.status, JSON.stringify(added.json)).toBe(201);
    expect(added.json).toMatchObject({
      credits: 55,
      entry: { delta: 25, reason: 'operator_correction', note: 'Messages lost in the outage of 3 May' },
    });
    const taken = await support.client.post('/api/operator/credits.php', {
      member: id,
      delta: -5,
      reason: 'Double booking',
    });
    expect(taken.json.credits).toBe(50);
    expect(await getCreditBalance({ userId: id })).toBe(50);

    // Earlier rows are untouched: the ledger only grows, and its sum is the balance.
    const rows = await database().select().from(creditLedger).where(eq(creditLedger.userId, id));
    expect(rows.map((r) => r.delta).sort((a, b) => a - b)).toEqual([-5, 25, 30]);
    expect(rows.reduce((sum, r) => sum + r.delta, 0)).toBe(50);

    const ledger = await (await clientFor(id)).get('/api/ledger.php');
    expect(ledger.status).toBe(200);
    expect(ledger.json.credits).toBe(50);
    const entries = (ledger.json as CreditLedgerResponse).entries;
    expect(entries.map((e) => [e.delta, e.reason])).toEqual([
      [-5, 'operator_correction'],
      [25, 'operator_correction'],
      [30, 'signup_bonus'],
    ]);
    // The operator's note stays with customer service.
    expect(JSON.stringify(ledger.json)).not.toContain('outage');

    const [newest, first] = await auditRows('credits.correct', id);
    expect(first).toMatchObject({
      operatorId: support.operatorId,
      subjectType: 'member',
      before: { credits: 30 },
      after: expect.objectContaining({
        credits: 55,
        delta: 25,
        reason: 'Messages lost in the outage of 3 May',
      }),
    });
    expect(newest).toMatchObject({
      before: { credits: 55 },
      after: expect.objectContaining({ credits: 50 }),
    });
  });

  it('refuses a correction below zero, without a reason, or of nothing, and changes nothing', async () => {
    const id = await createMember(database());
    await postCreditEntry({ userId: id, delta: 10, reason: 'signup_bonus', reference: `signup:${id}` });
    const below = await support.client.post('/api/operator/credits.php', {
      member: id,
      delta: -11,
      reason: 'Too much',
    });
    expect(below.status).toBe(422);
    expect(below.json.error.message).toBe(
      'This correction would take the member below zero: they have 10 credits.',
    );
    const noReason = await support.client.post('/api/operator/credits.php', {
      member: id,
      delta: 5,
      reason: ' ',
    });
    expect(noReason.status).toBe(422);
    expect(noReason.json.error.fields).toHaveProperty('reason');
    const zero = await support.client.post('/api/operator/credits.php', {
      member: id,
      delta: 0,
      reason: 'Zero',
    });
    expect(zero.status).toBe(422);
    expect(await getCreditBalance({ userId: id })).toBe(10);
  });
});

describe('refunds', () => {
  it('refunds a paid payment once, through the provider, and takes the credits back', async () => {
    const id = await createMember(database());
    const { paymentId, bundle, sandboxId, client } = await paidPurchase(id);
    expect(await getCreditBalance({ userId: id })).toBe(bundle.credits);

    const refunded = await support.client.post('/api/operator/refund.php', { payment: paymentId });
    expect(refunded.status, JSON.stringify(refunded.json)).toBe(200);
    expect(refunded.json).toMatchObject({
      credits: 0,
      payment: {
        id: paymentId,
        reversed_amount: bundle.amountMinor,
        refundable: false,
        unrecovered_credits: 0,
      },
    });
    // The provider holds the refund.
    const [remote] = await database().select().from(sandboxPayments).where(eq(sandboxPayments.id, sandboxId));
    expect(remote?.reversals).toEqual([
      expect.objectContaining({ kind: 'refund', amountMinor: bundle.amountMinor }),
    ]);
    // The member sees it on the payment and in their credit history.
    expect((await client.get(`/api/payment.php?id=${paymentId}`)).json.payment.reversed_amount).toBe(
      bundle.amountMinor,
    );
    const ledger = (await client.get('/api/ledger.php')).json;
    expect(ledger.entries[0]).toMatchObject({ delta: -bundle.credits, reason: 'refund' });

    // The provider's webhook arriving later books nothing more.
    await drainJobs();
    expect(await getCreditBalance({ userId: id })).toBe(0);

    const again = await support.client.post('/api/operator/refund.php', { payment: paymentId });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe('This payment has already been refunded or charged back.');
    const [remoteAfter] = await database()
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, sandboxId));
    expect(remoteAfter?.reversals).toHaveLength(1);

    const [audit] = await auditRows('payment.refund', id);
    expect(audit).toMatchObject({
      operatorId: support.operatorId,
      before: expect.objectContaining({ payment: paymentId, reversed_amount: 0 }),
      after: expect.objectContaining({ reversed_amount: bundle.amountMinor, credits: 0 }),
    });
  });

  it('takes back only what is left when credits were spent, and records the rest as unrecovered', async () => {
    const id = await createMember(database());
    const { paymentId, bundle } = await paidPurchase(id);
    await postCreditEntry({ userId: id, delta: -40, reason: 'message', reference: `test-spend:${id}` });
    const refunded = await support.client.post('/api/operator/refund.php', { payment: paymentId });
    expect(refunded.status).toBe(200);
    expect(refunded.json.credits).toBe(0);
    expect(refunded.json.payment.unrecovered_credits).toBe(40);
    expect(bundle.credits).toBeGreaterThan(40);
  });

  it('refuses a payment that is not paid, and one that is unknown', async () => {
    const id = await createMember(database());
    const client = await clientFor(id);
    const bundle = await bundleIn(database(), 'NL');
    const started = await client.post('/api/payment.php', {
      bundle: bundle.id,
      method: 'ideal',
      country: 'NL',
    });
    const open = await support.client.post('/api/operator/refund.php', { payment: started.json.payment.id });
    expect(open.status).toBe(409);
    expect(open.json.error.message).toBe('Only a paid payment can be refunded.');
    expect((await support.client.post('/api/operator/refund.php', { payment: 2147483647 })).status).toBe(404);
  });

  it('changes nothing when the provider refuses the refund, so it can be tried again', async () => {
    const id = await createMember(database());
    const { paymentId } = await paidPurchase(id);
    const sandbox = createSandboxProvider();
    const calls: string[] = [];
    const refusing: PaymentProvider = {
      ...sandbox,
      refund: (input) => {
        calls.push(input.paymentId);
        return Promise.reject(new Error('provider down'));
      },
    };
    await expect(refundPayment({ paymentId, provider: refusing })).rejects.toMatchObject({
      code: 'payment_unavailable',
      options: expect.objectContaining({ messageKey: 'refund_failed' }),
    });
    expect(calls).toHaveLength(1);
    const [row] = await database().select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ refundRequestedAt: null, reversedMinor: 0 });
    // Tried again with the provider answering, it goes through.
    const done = await refundPayment({ paymentId, provider: sandbox });
    expect(done.payment.reversed_amount).toBe(row?.amountMinor);
  });

  it('is refused to a moderator: only support and admins refund', async () => {
    const id = await createMember(database());
    const { paymentId } = await paidPurchase(id);
    const res = await moderator.client.post('/api/operator/refund.php', { payment: paymentId });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('forbidden');
    const [row] = await database().select().from(payments).where(eq(payments.id, paymentId));
    expect(row?.reversedMinor).toBe(0);
    const admin = await operatorClient('admin');
    expect((await admin.client.post('/api/operator/refund.php', { payment: paymentId })).status).toBe(200);
  });
});

describe('account actions', () => {
  it('resends the activation mail to an unconfirmed member, and says why not to a confirmed one', async () => {
    const id = await createMember(database());
    const [user] = await database().select({ email: users.email }).from(users).where(eq(users.id, id));
    const confirmed = await support.client.post('/api/operator/activation-mail.php', { member: id });
    expect(confirmed.status).toBe(403);
    expect(confirmed.json.error.message).toBe("This member's e-mail address is already confirmed.");

    await database().update(users).set({ status: 'not_confirmed' }).where(eq(users.id, id));
    const sent = await support.client.post('/api/operator/activation-mail.php', { member: id });
    expect(sent.status).toBe(204);
    const mails = await database()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, user?.email ?? ''), eq(mailOutbox.kind, 'activation')));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('/api/activate.php?token=');
    expect(await auditRows('member.activation_mail', id)).toHaveLength(1);
  });

  it('ends every session of a member', async () => {
    const id = await createMember(database());
    const first = await clientFor(id);
    await clientFor(id);
    const res = await support.client.post('/api/operator/member-sessions.php', { member: id });
    expect(res.json).toEqual({ ended: 2 });
    expect(await database().select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect((await first.get('/api/user.php')).status).toBe(403);
    const [audit] = await auditRows('member.end_sessions', id);
    expect(audit).toMatchObject({ before: { sessions: 2 }, after: { sessions: 0 } });
  });

  it('deletes an account on request with the 14-day reactivation link, once', async () => {
    const id = await createMember(database());
    const [user] = await database().select({ email: users.email }).from(users).where(eq(users.id, id));
    const member = await clientFor(id);
    const res = await support.client.post('/api/operator/member-deletion.php', {
      member: id,
      note: 'Ticket 4711: asked by e-mail',
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const days = (Date.parse(res.json.reactivation_until) - Date.parse(res.json.deleted_at)) / 86_400_000;
    expect(days).toBe(14);
    expect((await member.get('/api/user.php')).status).toBe(403);
    const [mail] = await database()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, user?.email ?? ''), eq(mailOutbox.kind, 'account_deleted')));
    expect(mail?.text).toContain('/api/reactivate.php?token=');
    const again = await support.client.post('/api/operator/member-deletion.php', {
      member: id,
      note: 'again',
    });
    expect(again.status).toBe(403);
    expect(again.json.error.message).toBe('This account has already been deleted.');
    const [audit] = await auditRows('member.delete', id);
    expect(audit?.after).toMatchObject({ note: 'Ticket 4711: asked by e-mail' });
  });

  it('is closed to moderators and chat operators', async () => {
    const id = await createMember(database());
    const chat = await operatorClient('chat_operator');
    for (const operator of [moderator, chat]) {
      expect((await operator.client.get(`/api/operator/member.php?id=${id}`)).status).toBe(403);
      expect(
        (await operator.client.post('/api/operator/credits.php', { member: id, delta: 5, reason: 'Why not' }))
          .status,
      ).toBe(403);
    }
    expect(await getCreditBalance({ userId: id })).toBe(0);
  });
});
