// One-click unsubscribe (RFC 8058) and bounce and complaint reports: what stops, for whom, and who may say so.
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiApp } from '@/lib/server/api/app';
import { mailEvents, mailEventTokens, users } from '@/lib/server/db/schema';
import { deleteOldMailEventTokens } from '@/lib/server/notifications/delete-old-mail-event-tokens';
import { getUnsubscribeRequest } from '@/lib/server/notifications/get-unsubscribe-request';
import { recordMailEvent } from '@/lib/server/notifications/record-mail-event';
import { signUnsubscribeToken } from '@/lib/server/notifications/unsubscribe-token';
import { sweepConversationMails } from '@/lib/server/notifications/sweep-conversation-mails';
import { clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';
import { stubEnv, unstubEnv } from '../helpers/env';
import {
  at,
  emailOf,
  HOUR,
  lastSeen,
  mailsOf,
  member,
  MINUTE,
  unsubscribeToken,
  write,
} from './notification-helpers';

const db = withTestDatabase();
const database = () => db.handle().db;

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  stubEnv('SMTP_URL', '');
});

afterEach(() => {
  unstubEnv();
  vi.restoreAllMocks();
});

/** A call from outside, as a mailbox provider makes it: no cookie, no Origin. */
function outside(
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
) {
  return createApiApp().request(path, {
    method: init.method ?? 'POST',
    headers: { host: 'lovelane.test', ...init.headers },
    body: init.body,
    redirect: 'manual',
  });
}

const oneClick = (token: string) =>
  outside(`/api/webhooks/unsubscribe.php?token=${encodeURIComponent(token)}`, {
    body: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

async function switchesOf(id: number) {
  const [row] = await database()
    .select({
      disabled: users.notificationsDisabled,
      reason: users.emailStoppedReason,
      at: users.emailStoppedAt,
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** A member who got a mail about a new conversation, and the token in its List-Unsubscribe header. */
async function mailedMember() {
  const t0 = new Date();
  const readerId = await member(database(), { lastActiveAt: at(t0, -HOUR) });
  const writerId = await member(database(), { gender: 'male' });
  await write(writerId, readerId, 'Hi there', t0);
  await sweepConversationMails({ now: at(t0, MINUTE) });
  const [mail] = await mailsOf(database(), readerId);
  if (!mail) throw new Error('no mail');
  return { readerId, writerId, mail, token: unsubscribeToken(mail), t0 };
}

describe('one-click unsubscribe', () => {
  it('stops only the mail’s kind, without a login, and the member is told why', async () => {
    const { readerId, mail, token } = await mailedMember();
    // The mail's human link leads to the page that asks first, with the same token.
    expect(mail.links).toContain(`http://lovelane.test/unsubscribe?token=${encodeURIComponent(token)}`);

    const res = await oneClick(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ unsubscribed: true, kind: 'new_conversations' });
    expect(await switchesOf(readerId)).toMatchObject({
      disabled: ['email:new_conversations'],
      reason: 'unsubscribe',
      at: expect.any(Date),
    });

    // The member sees it on their next visit.
    const user = await (await clientFor(readerId)).get('/api/user.php');
    expect(user.json.user.notifications_disabled).toEqual(['email:new_conversations']);
    expect(user.json.user.email_notifications_stopped).toEqual({
      reason: 'unsubscribe',
      at: expect.any(String),
    });

    // Again: nothing changes, and it still answers as done.
    expect((await oneClick(token)).status).toBe(200);
    expect((await switchesOf(readerId))?.disabled).toEqual(['email:new_conversations']);
  });

  it('then sends no more of that kind, but still the others', async () => {
    const { readerId, writerId, token, t0 } = await mailedMember();
    expect((await oneClick(token)).status).toBe(200);
    const newcomer = await member(database(), { gender: 'male' });
    await write(newcomer, readerId, 'Hello from someone new', at(t0, 2 * MINUTE));
    // The member comes back, answers, and leaves again.
    await lastSeen(database(), readerId, at(t0, 3 * MINUTE));
    await write(readerId, writerId, 'Hi back', at(t0, 3 * MINUTE));
    await write(writerId, readerId, 'How are you?', at(t0, 30 * MINUTE));
    await sweepConversationMails({ now: at(t0, 50 * MINUTE) });
    expect((await mailsOf(database(), readerId)).map((m) => m.kind)).toEqual([
      'notify_new_conversation',
      'notify_new_message',
    ]);
  });

  it('never unsubscribes on GET: the address leads to the page that asks first', async () => {
    const { readerId, token } = await mailedMember();
    const res = await outside(`/api/webhooks/unsubscribe.php?token=${encodeURIComponent(token)}`, {
      method: 'GET',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await switchesOf(readerId)).toMatchObject({ disabled: [], reason: null });
    // The page's question reads and changes nothing either.
    expect(await getUnsubscribeRequest({ token })).toEqual({
      kind: 'new_conversations',
      maskedEmail: expect.stringMatching(/^m•••@example\.test$/),
      isOff: false,
    });
    expect(await switchesOf(readerId)).toMatchObject({ disabled: [], reason: null });
  });

  it('refuses a forged token, one switched to another kind or member, and nonsense', async () => {
    const { readerId, writerId, token } = await mailedMember();
    const [, id, kind, mac = ''] = token.split('.');
    const flipped = `${mac.slice(0, 10)}${mac[10] === 'A' ? 'B' : 'A'}${mac.slice(11)}`;
    const otherMember = await signUnsubscribeToken({ userId: writerId, kind: 'news' });
    const forgeries = [
      `u1.${id}.${kind}.${flipped}`,
      `u1.${id}.news.${mac}`,
      `u1.${writerId}.${kind}.${mac}`,
      `u1.${id}.${kind}.${otherMember.split('.')[3]}`,
      'u1.1.news.not-a-signature',
      '',
      'x'.repeat(300),
    ];
    for (const forged of forgeries) {
      const res = await oneClick(forged);
      expect(res.status, forged).toBe(forged === '' ? 422 : 410);
      if (forged !== '') expect((await res.json()).error.code).toBe('link_invalid');
      expect(await getUnsubscribeRequest({ token: forged })).toBeNull();
    }
    expect(await switchesOf(readerId)).toMatchObject({ disabled: [], reason: null });
    expect(await switchesOf(writerId)).toMatchObject({ disabled: [], reason: null });
  });

  it('keeps a bounce or complaint as the reason when the member also unsubscribes', async () => {
    const { readerId, token } = await mailedMember();
    await database()
      .update(users)
      .set({ emailStoppedReason: 'bounce', emailStoppedAt: new Date() })
      .where(eq(users.id, readerId));
    expect((await oneClick(token)).status).toBe(200);
    expect(await switchesOf(readerId)).toMatchObject({
      disabled: ['email:new_conversations'],
      reason: 'bounce',
    });
  });
});

const SECRET = 'mail-webhook-secret-for-tests';
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * A report in the documented format, signed (or not) as the mail service does: HMAC-SHA256 of
 * `<timestamp>.<raw body>` in X-Mail-Signature, the timestamp (Unix seconds) in X-Mail-Timestamp.
 * `timestamp: null` sends none; `signed` changes what the HMAC covers.
 */
async function report(
  body: unknown,
  options: { secret?: string; signature?: string; timestamp?: number | null; signed?: string } = {},
) {
  const raw = JSON.stringify(body);
  const timestamp = options.timestamp === undefined ? seconds(new Date()) : options.timestamp;
  const signed = options.signed ?? (timestamp === null ? raw : `${timestamp}.${raw}`);
  const signature =
    options.signature ??
    `sha256=${createHmac('sha256', options.secret ?? SECRET)
      .update(signed)
      .digest('hex')}`;
  return outside('/api/webhooks/mail-events.php', {
    body: raw,
    headers: {
      'content-type': 'application/json',
      'x-mail-signature': signature,
      ...(timestamp === null ? {} : { 'x-mail-timestamp': String(timestamp) }),
    },
  });
}

const MAILGUN_KEY = 'key-mailgun-signing-for-tests';

/** A Mailgun event as Mailgun posts it: its signature (timestamp and token) in the body. */
function mailgunBody(
  event: Record<string, unknown>,
  options: { key?: string; timestamp?: number; token?: string } = {},
) {
  const timestamp = String(options.timestamp ?? seconds(new Date()));
  const token = options.token ?? `tok${Math.random().toString(36).slice(2)}${Date.now()}`;
  const signature = createHmac('sha256', options.key ?? MAILGUN_KEY)
    .update(timestamp + token)
    .digest('hex');
  return { signature: { timestamp, token, signature }, 'event-data': event };
}

const postMailgun = (body: unknown) =>
  outside('/api/webhooks/mail-events.php', {
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

async function eventsFor(email: string) {
  return database().select().from(mailEvents).where(eq(mailEvents.email, email));
}

describe('bounce and complaint reports', () => {
  it('does not exist while no secret is configured', async () => {
    const res = await report({ type: 'bounce', email: 'a@example.test' });
    expect(res.status).toBe(404);
  });

  it('stops every notification mail with the reason, and the member is told', async () => {
    stubEnv('MAIL_WEBHOOK_SECRET', SECRET);
    for (const [type, reason] of [
      ['bounce', 'bounce'],
      ['complaint', 'spam_complaint'],
    ] as const) {
      const id = await member(database());
      const email = await emailOf(database(), id);
      const res = await report({ type, email: email.toUpperCase(), id: 'evt-1', reason: '550 no such user' });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: 1 });
      expect(await switchesOf(id)).toMatchObject({ reason, at: expect.any(Date) });
      const user = await (await clientFor(id)).get('/api/user.php');
      expect(user.json.user.email_notifications_stopped).toEqual({ reason, at: expect.any(String) });
      const events = await eventsFor(email.toUpperCase());
      expect(events).toEqual([
        expect.objectContaining({
          type,
          userId: id,
          source: 'webhook',
          detail: expect.objectContaining({ id: 'evt-1' }),
        }),
      ]);

      // Nothing more is mailed to them.
      const t0 = new Date();
      const writer = await member(database(), { gender: 'male' });
      await write(writer, id, 'Hi', t0);
      await sweepConversationMails({ now: at(t0, HOUR) });
      expect(await mailsOf(database(), id)).toEqual([]);
    }
  });

  it('refuses a report whose signature does not match, and records nothing', async () => {
    stubEnv('MAIL_WEBHOOK_SECRET', SECRET);
    const id = await member(database());
    const email = await emailOf(database(), id);
    for (const signature of [undefined, 'sha256=00', `sha256=${'0'.repeat(64)}`]) {
      const res = signature
        ? await report({ type: 'complaint', email }, { signature })
        : await report({ type: 'complaint', email }, { secret: 'someone-elses-secret' });
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe('signature_invalid');
    }
    expect(await eventsFor(email)).toEqual([]);
    expect(await switchesOf(id)).toMatchObject({ reason: null });
  });

  it('records a temporary bounce without stopping anything, and reports for unknown addresses', async () => {
    stubEnv('MAIL_WEBHOOK_SECRET', SECRET);
    const id = await member(database());
    const email = await emailOf(database(), id);
    const res = await report({
      events: [
        { type: 'bounce', email, permanent: false, reason: 'mailbox full' },
        { type: 'complaint', email: 'nobody@example.test' },
      ],
    });
    expect(await res.json()).toEqual({ received: 2 });
    expect(await switchesOf(id)).toMatchObject({ reason: null });
    expect(await eventsFor(email)).toHaveLength(1);
    expect(await eventsFor('nobody@example.test')).toEqual([expect.objectContaining({ userId: null })]);
  });

  it('understands Mailgun’s permanent failures and complaints, signed with its key', async () => {
    stubEnv('MAILGUN_WEBHOOK_SIGNING_KEY', MAILGUN_KEY);
    const id = await member(database());
    const email = await emailOf(database(), id);
    const mailgun = (event: Record<string, unknown>, key = MAILGUN_KEY) =>
      postMailgun(mailgunBody({ recipient: email, ...event }, { key }));
    expect(await (await mailgun({ event: 'failed', severity: 'temporary' })).json()).toEqual({ received: 0 });
    expect(await (await mailgun({ event: 'delivered' })).json()).toEqual({ received: 0 });
    expect((await mailgun({ event: 'complained' }, 'wrong-key')).status).toBe(401);
    expect(await switchesOf(id)).toMatchObject({ reason: null });
    expect(await (await mailgun({ event: 'failed', severity: 'permanent' })).json()).toEqual({ received: 1 });
    expect(await switchesOf(id)).toMatchObject({ reason: 'bounce' });
    expect(await (await mailgun({ event: 'complained' })).json()).toEqual({ received: 1 });
    expect(await switchesOf(id)).toMatchObject({ reason: 'spam_complaint' });
  });

  it('lets an operator record one, and a bounce never weakens a complaint', async () => {
    const id = await member(database());
    const email = await emailOf(database(), id);
    expect(await recordMailEvent({ type: 'complaint', email, source: 'operator' })).toEqual({ userId: id });
    await recordMailEvent({ type: 'bounce', email, source: 'operator' });
    expect(await switchesOf(id)).toMatchObject({ reason: 'spam_complaint' });
    expect((await eventsFor(email)).map((e) => [e.type, e.source])).toEqual([
      ['complaint', 'operator'],
      ['bounce', 'operator'],
    ]);
  });
});

describe('replayed and stale reports', () => {
  it('takes a fresh Mailgun event once; its signature reposted about another member is refused', async () => {
    stubEnv('MAILGUN_WEBHOOK_SIGNING_KEY', MAILGUN_KEY);
    const bouncedId = await member(database());
    const bounced = await emailOf(database(), bouncedId);
    const targetId = await member(database());
    const target = await emailOf(database(), targetId);

    const genuine = mailgunBody({ event: 'failed', severity: 'permanent', recipient: bounced });
    const first = await postMailgun(genuine);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: 1 });
    expect(await switchesOf(bouncedId)).toMatchObject({ reason: 'bounce' });

    // The same validly signed timestamp and token, with a complaint about somebody else.
    const replayed = await postMailgun({
      signature: genuine.signature,
      'event-data': { event: 'complained', recipient: target },
    });
    expect(replayed.status).toBe(401);
    expect((await replayed.json()).error.code).toBe('signature_invalid');
    // And the very same event again.
    expect((await postMailgun(genuine)).status).toBe(401);
    expect(await switchesOf(targetId)).toMatchObject({ reason: null });
    expect(await eventsFor(target)).toEqual([]);
    expect(await eventsFor(bounced)).toHaveLength(1);
  });

  it('refuses a Mailgun event signed more than five minutes ago or ahead, however genuine', async () => {
    stubEnv('MAILGUN_WEBHOOK_SIGNING_KEY', MAILGUN_KEY);
    const id = await member(database());
    const email = await emailOf(database(), id);
    const now = seconds(new Date());
    for (const timestamp of [now - 6 * 60, now - 24 * 3600, now + 6 * 60]) {
      const res = await postMailgun(mailgunBody({ event: 'complained', recipient: email }, { timestamp }));
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe('signature_invalid');
    }
    expect(await switchesOf(id)).toMatchObject({ reason: null });
    expect(await eventsFor(email)).toEqual([]);

    // A few minutes' difference between the clocks is fine.
    const late = await postMailgun(
      mailgunBody({ event: 'complained', recipient: email }, { timestamp: now - 4 * 60 }),
    );
    expect(await late.json()).toEqual({ received: 1 });
    expect(await switchesOf(id)).toMatchObject({ reason: 'spam_complaint' });
  });

  it('takes our own format only with a fresh signed timestamp, and each signed report once', async () => {
    stubEnv('MAIL_WEBHOOK_SECRET', SECRET);
    const id = await member(database());
    const email = await emailOf(database(), id);
    const body = { type: 'complaint', email };
    const now = seconds(new Date());
    const refusals = [
      // The former format: the body alone signed, no timestamp.
      report(body, { timestamp: null }),
      // A timestamp the signature does not cover.
      report(body, { timestamp: now, signed: JSON.stringify(body) }),
      // A timestamp other than the one signed.
      report(body, {
        timestamp: now,
        signature: `sha256=${createHmac('sha256', SECRET)
          .update(`${now - 1000}.${JSON.stringify(body)}`)
          .digest('hex')}`,
      }),
      // Genuine, but too old or too far ahead.
      report(body, { timestamp: now - 6 * 60 }),
      report(body, { timestamp: now + 6 * 60 }),
      report(body, { timestamp: Number.NaN }),
    ];
    for (const res of await Promise.all(refusals)) {
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe('signature_invalid');
    }
    expect(await eventsFor(email)).toEqual([]);
    expect(await switchesOf(id)).toMatchObject({ reason: null });

    const first = await report(body, { timestamp: now });
    expect(await first.json()).toEqual({ received: 1 });
    const again = await report(body, { timestamp: now });
    expect(again.status).toBe(401);
    expect(await eventsFor(email)).toHaveLength(1);
    // A new report about the same address, signed anew, is taken.
    expect(await (await report({ ...body, id: 'evt-2' }, { timestamp: now })).json()).toEqual({
      received: 1,
    });
    expect(await eventsFor(email)).toHaveLength(2);
  });

  it('takes one of two identical reports sent at once', async () => {
    stubEnv('MAIL_WEBHOOK_SECRET', SECRET);
    const email = await emailOf(database(), await member(database()));
    const timestamp = seconds(new Date());
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => report({ type: 'bounce', email }, { timestamp })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 401, 401, 401]);
    expect(await eventsFor(email)).toHaveLength(1);
  });

  it('forgets used signatures once they could no longer be taken anyway', async () => {
    stubEnv('MAIL_WEBHOOK_SECRET', SECRET);
    const email = await emailOf(database(), await member(database()));
    const t0 = new Date();
    const body = { type: 'bounce', email };
    const { status } = await report(body, { timestamp: seconds(t0) });
    expect(status).toBe(200);
    const hmac = createHmac('sha256', SECRET)
      .update(`${seconds(t0)}.${JSON.stringify(body)}`)
      .digest('hex');
    const remembered = () =>
      database()
        .select()
        .from(mailEventTokens)
        .where(eq(mailEventTokens.token, `own:${hmac}`));
    expect(await remembered()).toHaveLength(1);
    // Within the window it is kept (a replay must still be recognised) …
    await deleteOldMailEventTokens({ now: at(t0, 4 * MINUTE) });
    expect(await remembered()).toHaveLength(1);
    // … after it, a replay is refused as stale, and the record goes.
    expect(await deleteOldMailEventTokens({ now: at(t0, 6 * MINUTE) })).toBeGreaterThanOrEqual(1);
    expect(await remembered()).toEqual([]);
  });
});
