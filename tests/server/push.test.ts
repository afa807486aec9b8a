// Web push: browsers register at POST /api/user.php?push=1, and messages, likes and matches reach
// them through a push service on this machine that checks the VAPID signature; the test decrypts
// each message as the browser would.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from '@/lib/server/api/app';
import { jobs, notificationDeliveries, pushSubscriptions, users } from '@/lib/server/db/schema';
import { resetEnv } from '@/lib/server/env';
import { enqueueJob } from '@/lib/server/jobs/enqueue-job';
import { jobHandlers } from '@/lib/server/jobs/job-handlers';
import { runDueJobs } from '@/lib/server/jobs/run-jobs';
import { NOTIFY_PUSH_JOB } from '@/lib/server/notifications/queue-member-notification';
import { PushPayloadSchema, type PushPayload } from '@/lib/shared/schemas/push';
import { buildSignup, PASSWORD } from '../factories/build-signup';
import { createMember } from '../factories/create-member';
import { apiClient, clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';
import { decryptPush, startPushService, verifyVapid, type TestBrowser } from '../helpers/push-service';
import { memberWith, sent, type Client } from './chat-helpers';

// The local push service runs on localhost: the app may post there besides the browsers' services.
process.env.PUSH_SERVICE_HOSTS = 'localhost';
process.env.RATE_LIMIT_SIGNUPS_PER_HOUR = '1000';
const db = withTestDatabase();
let service: Awaited<ReturnType<typeof startPushService>>;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(() => service.close());

const database = () => db.handle().db;
const fcm = (id: string) => `https://fcm.googleapis.com/fcm/send/${id}`;
/** Keys of the right shape (the registration tests send nothing to these browsers). */
const keys = () => ({ p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) });

/** Registers a browser's subscription for the member behind `client`. */
const register = (client: Client, subscription: unknown) =>
  client.post('/api/user.php?push=1', { subscription });

const subscriptionsOf = (userId: number) =>
  database().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

/** Runs the queued jobs with the app's handlers, posting pushes to the local push service. */
const runJobs = async () => {
  let total = 0;
  for (let ran = -1; ran !== 0; total += ran) {
    ran = await runDueJobs({ handlers: jobHandlers({ pushAgent: service.agent }) });
  }
  return total;
};

/** The site's public key, as browsers subscribe with it. */
const publicKey = async () => (await apiClient().get('/api/settings.php')).json.push_public_key as string;

/** What the push service received for a browser since `from`, decrypted and checked. */
function pushesFor(
  browser: TestBrowser,
  from = 0,
): { payload: PushPayload; headers: Record<string, string> }[] {
  return service.received
    .slice(from)
    .filter((push) => push.browser === browser.id)
    .map((push) => ({
      payload: PushPayloadSchema.strict().parse(JSON.parse(decryptPush(browser, push.body))),
      headers: push.headers,
    }));
}

/** A member with credits whose browser is subscribed at the local push service. */
async function subscribedMember(options: Parameters<typeof memberWith>[1] = {}) {
  const member = await memberWith(database(), options);
  const browser = service.newBrowser();
  expect((await register(member.client, browser.subscription)).status).toBe(201);
  return { ...member, browser };
}

describe('POST /api/user.php?push=1: registering a browser', () => {
  it('stores the subscription for the logged-in member and answers 201', async () => {
    const id = await createMember(database());
    const client = await clientFor(id);
    const res = await register(client, { endpoint: fcm('a1'), expirationTime: null, keys: keys() });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ ok: true });
    const [row] = await subscriptionsOf(id);
    expect(row).toMatchObject({ endpoint: fcm('a1'), p256dh: keys().p256dh, auth: keys().auth });
  });

  it('accepts https addresses of push services only', async () => {
    const client = await clientFor(await createMember(database()));
    const plain = await register(client, { endpoint: 'http://fcm.googleapis.com/fcm/send/x', keys: keys() });
    expect(plain.status).toBe(422);
    expect(plain.json.error.code).toBe('validation_failed');
    // The server posts to the address: never to one inside the network, nor to an unknown service.
    for (const endpoint of [
      'https://internal.example/push/1',
      'https://127.0.0.1/push',
      'https://metadata/x',
    ]) {
      const res = await register(client, { endpoint, keys: keys() });
      expect(res.status, endpoint).toBe(422);
    }
    const badKey = await register(client, {
      endpoint: fcm('k'),
      keys: { p256dh: 'short', auth: keys().auth },
    });
    expect(badKey.status).toBe(422);
  });

  it('moves an endpoint to the member who registers it again, with its new keys (one row per endpoint)', async () => {
    const first = await createMember(database());
    const second = await createMember(database());
    expect((await register(await clientFor(first), { endpoint: fcm('shared'), keys: keys() })).status).toBe(
      201,
    );
    const newer = { p256dh: `B${'Q'.repeat(86)}`, auth: 'Q'.repeat(22) };
    expect((await register(await clientFor(second), { endpoint: fcm('shared'), keys: newer })).status).toBe(
      201,
    );
    const rows = await database()
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, fcm('shared')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: second, p256dh: newer.p256dh, auth: newer.auth });
  });

  it('keeps a member’s ten newest browsers', async () => {
    const id = await createMember(database());
    const client = await clientFor(id);
    for (let i = 1; i <= 12; i += 1) {
      expect((await register(client, { endpoint: fcm(`many-${id}-${i}`), keys: keys() })).status).toBe(201);
    }
    const endpoints = (await subscriptionsOf(id)).map((row) => row.endpoint).sort();
    expect(endpoints).toHaveLength(10);
    expect(endpoints).not.toContain(fcm(`many-${id}-1`));
    expect(endpoints).not.toContain(fcm(`many-${id}-2`));
    expect(endpoints).toContain(fcm(`many-${id}-12`));
  });

  it('DELETE removes only the member’s own subscription', async () => {
    const owner = await createMember(database());
    const other = await createMember(database());
    await register(await clientFor(owner), { endpoint: fcm(`own-${owner}`), keys: keys() });
    const foreign = await (
      await clientFor(other)
    ).delete('/api/user.php?push=1', { endpoint: fcm(`own-${owner}`) });
    expect(foreign.status).toBe(204);
    expect(await subscriptionsOf(owner)).toHaveLength(1);
    const own = await (
      await clientFor(owner)
    ).delete('/api/user.php?push=1', { endpoint: fcm(`own-${owner}`) });
    expect(own.status).toBe(204);
    expect(await subscriptionsOf(owner)).toHaveLength(0);
  });

  it('refuses visitors', async () => {
    const res = await register(apiClient(), { endpoint: fcm('visitor'), keys: keys() });
    expect(res.status).toBe(403);
    expect(res.json.error.code).toBe('authentication_required');
  });
});

describe('POST /api/user.php with and without push=1', () => {
  it('logs in without the flag, registers push with it, and knows no DELETE without it', async () => {
    const signup = buildSignup({ prefix: 'pushlogin' });
    expect((await apiClient().post('/api/signup.php', signup)).status).toBe(201);
    const client = apiClient();
    const login = await client.post('/api/user.php', { email: signup.email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.json.user.profile.name).toBe(signup.name);
    // Another value of the flag is no push registration: it is the login.
    const other = await apiClient().post('/api/user.php?push=0', { email: signup.email, password: PASSWORD });
    expect(other.status).toBe(200);
    // Credentials sent to the push route are not a subscription.
    const wrong = await client.post('/api/user.php?push=1', { email: signup.email, password: PASSWORD });
    expect(wrong.status).toBe(422);
    expect(
      (await client.post('/api/user.php?push=1', { subscription: { endpoint: fcm('login'), keys: keys() } }))
        .status,
    ).toBe(201);
    expect((await client.delete('/api/user.php', { endpoint: fcm('login') })).status).toBe(404);
  });

  it('lists both operations in the API document', async () => {
    const res = await createApiApp().request('/api/openapi.json', { headers: { host: 'lovelane.test' } });
    const doc = (await res.json()) as {
      paths: Record<
        string,
        Record<string, { summary: string; parameters?: { name: string; required?: boolean }[] }>
      >;
    };
    expect(doc.paths['/api/user.php']?.post?.summary).toBe('Log in');
    const push = doc.paths['/api/user.php?push=1'];
    expect(push?.post?.summary).toBe('Register a push subscription');
    expect(push?.delete?.summary).toBe('Remove a push subscription');
    expect(push?.post?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'push', required: true })]),
    );
  });
});

describe('pushes of messages, likes and matches', () => {
  it('pushes a new conversation and a further message, signed, encrypted and short-lived', async () => {
    const recipient = await subscribedMember();
    const sender = await memberWith(database(), { name: 'Annika', photos: 1 });
    const from = service.received.length;
    const first = await sent(sender.client, recipient.id, 'Hi there, nice profile!');
    await runJobs();
    const [opening] = pushesFor(recipient.browser, from);
    expect(opening?.payload).toEqual({
      v: 2,
      kind: 'message',
      title: 'Annika wrote to you',
      body: 'Tap to read the message and reply.',
      icon: expect.stringMatching(/^\/cdn\/p\/test\/\d+-0_t\.jpg$/),
      url: `/chats/${first.conversation.id}`,
      tag: `chat-${first.conversation.id}`,
      badge: 1,
    });
    // The message text is never in the notification.
    expect(JSON.stringify(opening?.payload)).not.toContain('nice profile');
    const headers = opening?.headers ?? {};
    expect(headers.ttl).toBe('86400');
    expect(headers.urgency).toBe('high');
    expect(headers.topic).toBe(`chat${first.conversation.id}`);
    expect(headers['content-encoding']).toBe('aes128gcm');
    const claims = verifyVapid(headers, await publicKey());
    expect(claims.aud).toBe(service.origin);
    expect(claims.sub).toBe('mailto:support@lovelane.example');
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);

    const further = service.received.length;
    await sent(sender.client, recipient.id, 'Are you there?');
    await runJobs();
    const [next] = pushesFor(recipient.browser, further);
    expect(next?.payload).toMatchObject({ title: 'New message from Annika', badge: 2 });
    const [subscription] = await subscriptionsOf(recipient.id);
    expect(subscription?.lastSuccessAt).toBeInstanceOf(Date);
  });

  it('speaks the recipient’s language and shows the app icon for a sender without photo', async () => {
    const recipient = await subscribedMember();
    await database().update(users).set({ language: 'de' }).where(eq(users.id, recipient.id));
    const sender = await memberWith(database(), { name: 'Bert' });
    const from = service.received.length;
    await sent(sender.client, recipient.id, 'Hallo!');
    await runJobs();
    expect(pushesFor(recipient.browser, from)[0]?.payload).toMatchObject({
      title: 'Bert hat dir geschrieben',
      icon: '/icons/icon-192.png',
    });
  });

  it('pushes a like, then the match to the member who liked first', async () => {
    const liked = await subscribedMember({ name: 'Carla' });
    const liker = await subscribedMember({ name: 'Dana' });
    const from = service.received.length;
    expect((await liker.client.post('/api/like.php', { member: liked.id })).status).toBe(200);
    await runJobs();
    const [like] = pushesFor(liked.browser, from);
    expect(like?.payload).toMatchObject({
      kind: 'like',
      title: 'New like!',
      body: 'Dana likes you. Like back to make it a match.',
      url: `/likes/m/${liker.id}`,
      tag: 'likes',
      badge: 1,
    });
    expect(like?.headers.ttl).toBe(String(3 * 86_400));
    expect(like?.headers.urgency).toBe('normal');

    const back = service.received.length;
    expect((await liked.client.post('/api/like.php', { member: liker.id })).status).toBe(200);
    await runJobs();
    const [match] = pushesFor(liker.browser, back);
    expect(match?.payload).toMatchObject({
      kind: 'match',
      title: 'It’s a match!',
      body: 'You and Carla like each other. Say hello now.',
      url: `/likes/m/${liked.id}`,
    });
    expect(Number(match?.headers.ttl)).toBeLessThanOrEqual(3 * 86_400);
    // The member who liked back is in the app and sees the match there: no push to them.
    expect(pushesFor(liked.browser, back)).toEqual([]);
  });

  it('honours the member’s push preferences per kind', async () => {
    const recipient = await subscribedMember();
    await database()
      .update(users)
      .set({ notificationsDisabled: ['push:new_conversations', 'push:like', 'email:new_messages'] })
      .where(eq(users.id, recipient.id));
    const sender = await memberWith(database());
    const from = service.received.length;
    await sent(sender.client, recipient.id, 'First message');
    await sender.client.post('/api/like.php', { member: recipient.id });
    await runJobs();
    expect(pushesFor(recipient.browser, from)).toEqual([]);
    // Further messages are still wanted by push (only their e-mail is off).
    await sent(sender.client, recipient.id, 'Second message');
    await runJobs();
    expect(pushesFor(recipient.browser, from).map((push) => push.payload.title)).toEqual([
      expect.stringMatching(/^New message from /),
    ]);
  });

  it('sends each push once, however often its job runs', async () => {
    const recipient = await subscribedMember();
    const sender = await memberWith(database());
    const from = service.received.length;
    await sent(sender.client, recipient.id, 'Only once');
    const queued = (
      await database().select().from(jobs).where(eq(jobs.kind, NOTIFY_PUSH_JOB)).orderBy(jobs.id)
    ).at(-1);
    expect(queued?.payload).toMatchObject({ recipientId: recipient.id, actorId: sender.id });
    await runJobs();
    // The same job again, as after a restart or on a second instance.
    await enqueueJob(database(), NOTIFY_PUSH_JOB, queued?.payload ?? {});
    await runJobs();
    expect(pushesFor(recipient.browser, from)).toHaveLength(1);
    const deliveries = await database()
      .select()
      .from(notificationDeliveries)
      .where(
        and(eq(notificationDeliveries.userId, recipient.id), eq(notificationDeliveries.channel, 'push')),
      );
    expect(deliveries.map((d) => d.kind)).toEqual(['new_conversations']);
  });

  it('says nothing of a message already read, or of a member blocked meanwhile', async () => {
    const recipient = await subscribedMember();
    const sender = await memberWith(database());
    const from = service.received.length;
    const read = await sent(sender.client, recipient.id, 'Read at once');
    expect(
      (
        await recipient.client.post('/api/chat-read.php', {
          conversation: read.conversation.id,
          message: read.message.id,
        })
      ).status,
    ).toBeLessThan(300);
    await runJobs();
    expect(pushesFor(recipient.browser, from)).toEqual([]);

    const blocked = await memberWith(database());
    await sent(blocked.client, recipient.id, 'Hello?');
    expect((await recipient.client.post('/api/block.php', { member: blocked.id })).status).toBe(204);
    await runJobs();
    expect(pushesFor(recipient.browser, from)).toEqual([]);
  });

  it('queues nothing for a member without push', async () => {
    const recipient = await memberWith(database());
    const sender = await memberWith(database());
    const before = await database().select().from(jobs).where(eq(jobs.kind, NOTIFY_PUSH_JOB));
    await sent(sender.client, recipient.id, 'No push here');
    const after = await database().select().from(jobs).where(eq(jobs.kind, NOTIFY_PUSH_JOB));
    expect(after.length).toBe(before.length);
  });

  it('removes subscriptions the push service reports gone, and counts other failures', async () => {
    const recipient = await subscribedMember();
    const second = service.newBrowser();
    const third = service.newBrowser();
    expect((await register(recipient.client, second.subscription)).status).toBe(201);
    expect((await register(recipient.client, third.subscription)).status).toBe(201);
    service.answerWith(recipient.browser.id, 410);
    service.answerWith(second.id, 404);
    service.answerWith(third.id, 500);
    const sender = await memberWith(database());
    await sent(sender.client, recipient.id, 'Anyone?');
    await runJobs();
    const rows = await subscriptionsOf(recipient.id);
    expect(rows.map((row) => row.endpoint)).toEqual([third.subscription.endpoint]);
    expect(rows[0]?.failureCount).toBe(1);
  });

  it('signs with the configured VAPID subject', async () => {
    process.env.VAPID_SUBJECT = 'https://www.lovelane.example/contact';
    resetEnv();
    try {
      const recipient = await subscribedMember();
      const sender = await memberWith(database());
      const from = service.received.length;
      await sent(sender.client, recipient.id, 'Subject check');
      await runJobs();
      const [push] = service.received.slice(from).filter((p) => p.browser === recipient.browser.id);
      expect(verifyVapid(push?.headers ?? {}, await publicKey()).sub).toBe(
        'https://www.lovelane.example/contact',
      );
    } finally {
      delete process.env.VAPID_SUBJECT;
      resetEnv();
    }
  });
});

describe('configuration', () => {
  it('refuses a VAPID subject push services would refuse, and a key pair with one half', async () => {
    const { env } = await import('@/lib/server/env');
    for (const subject of [
      'mailto:admin@localhost',
      'https://localhost/contact',
      'http://lovelane.example',
      'support@lovelane.example',
    ]) {
      process.env.VAPID_SUBJECT = subject;
      resetEnv();
      expect(() => env(), subject).toThrow(/VAPID_SUBJECT/);
    }
    delete process.env.VAPID_SUBJECT;
    process.env.VAPID_PUBLIC_KEY = `B${'A'.repeat(86)}`;
    resetEnv();
    expect(() => env()).toThrow(/VAPID_PRIVATE_KEY/);
    delete process.env.VAPID_PUBLIC_KEY;
    resetEnv();
    expect(env().VAPID_SUBJECT).toBeUndefined();
  });
});
