import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '@/lib/server/auth/log-in';
import { resetPassword } from '@/lib/server/auth/reset-password';
import { emailTokens, mailOutbox, profiles, users } from '@/lib/server/db/schema';
import { upsertSite } from '@/lib/server/settings/update-site';
import { buildSignup, type BuildSignupOptions } from '../factories/build-signup';
import { apiClient } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();
beforeAll(() => {
  process.env.TRUST_PROXY = '1';
});

async function lastMail(to: string) {
  const [mail] = await db
    .handle()
    .db.select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail;
}
async function resetMails(to: string): Promise<number> {
  const rows = await db
    .handle()
    .db.select({ n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, 'password_reset')));
  return rows[0]?.n ?? 0;
}
const linkIn = (text: string | undefined, pattern: RegExp) => text?.match(pattern)?.[0] ?? '';

async function signedUpMember(overrides: BuildSignupOptions = {}) {
  const client = apiClient();
  const input = buildSignup(overrides);
  const res = await client.post('/api/signup.php', input);
  expect(res.status).toBe(201);
  return { client, input };
}

describe('signup', () => {
  it('creates a not-confirmed account, logs it in with a safe cookie and mails the activation link', async () => {
    const { client, input } = await signedUpMember({ tracking: { network: 'adnet', ref: 'r1', sub1: 'a' } });
    const cookie = client.setCookieHeaders().find((c) => c.startsWith('auth_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Max-Age=2592000/);
    expect(cookie).toMatch(/Path=\//);

    const me = await client.get('/api/user.php');
    expect(me.status).toBe(200);
    expect(me.json.user).toMatchObject({
      status: 'not_confirmed',
      credits: 0,
      paid_user: false,
      language: 'en',
      profile: { status: 'disabled', name: input.name },
    });

    const mail = await lastMail(input.email);
    expect(mail?.kind).toBe('activation');
    expect(linkIn(mail?.text, /http:\/\/lovelane\.test\/api\/activate\.php\?token=[\w-]+/)).not.toBe('');

    const [stored] = await db.handle().db.select().from(users).where(eq(users.email, input.email));
    expect(stored).toMatchObject({ trackingNetwork: 'adnet', trackingRef: 'r1', trackingSub1: 'a' });
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it.each([
    [
      { name: 'same@example.test', email: 'same@example.test' },
      'name',
      'Username may not be the same as your e-mail address',
    ],
    [{ name: '@handle' }, 'name', 'Username may not start with @'],
    [{ date_of_birth: '2015-01-01' }, 'date_of_birth', 'Enter your date of birth (18+)'],
    [{ date_of_birth: '1990-02-30' }, 'date_of_birth', 'Invalid date of birth.'],
    [{ email: 'not-an-address' }, 'email', 'Invalid email'],
    [
      { password: 'password123' },
      'password',
      'This password is too easy to guess. Please choose another one.',
    ],
    [{ password: 'short' }, 'password', 'Your password needs at least 8 characters.'],
  ])('refuses %o on the server with the field and its message', async (overrides, field, message) => {
    const res = await apiClient().post('/api/signup.php', buildSignup(overrides));
    expect(res.status).toBe(422);
    expect(res.json.error).toEqual({ code: 'field_invalid', field, message });
  });

  it('answers in the visitor’s language', async () => {
    const res = await apiClient({ language: 'de' }).post(
      '/api/signup.php',
      buildSignup({ date_of_birth: '2012-03-04' }),
    );
    expect(res.json.error.message).toBe('Gib dein Geburtsdatum ein (18+)');
  });

  it('offers login when the address already has an account, whatever its case', async () => {
    const { input } = await signedUpMember();
    const res = await apiClient().post('/api/signup.php', buildSignup({ email: input.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({
      code: 'email_taken',
      field: 'email',
      message: 'This email address already owns an account on this website.',
    });
  });

  it('follows the site’s signup mode', async () => {
    await upsertSite({ domain: 'invite.test', changes: { signups: 'invite_only' } });
    await upsertSite({ domain: 'traffic.test', changes: { signups: 'with_trafficsource' } });
    expect(
      (await apiClient({ host: 'invite.test' }).post('/api/signup.php', buildSignup())).json.error.code,
    ).toBe('signups_closed');
    expect((await apiClient({ host: 'traffic.test' }).post('/api/signup.php', buildSignup())).status).toBe(
      403,
    );
    expect(
      (
        await apiClient({ host: 'traffic.test' }).post(
          '/api/signup.php',
          buildSignup({ tracking: { network: 'tiktok' } }),
        )
      ).status,
    ).toBe(201);
  });

  it('limits signups per client address', async () => {
    const client = apiClient();
    const statuses = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await client.post('/api/signup.php', buildSignup())).status);
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses[5]).toBe(429);
  });
});

describe('activation', () => {
  it('confirms the address once through the e-mailed link', async () => {
    const { client, input } = await signedUpMember();
    const link = linkIn((await lastMail(input.email))?.text, /\/api\/activate\.php\?token=[\w-]+/);
    const first = await apiClient().get(link);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/activate/done');
    expect((await client.get('/api/user.php')).json.user).toMatchObject({
      status: 'confirmed',
      profile: { status: 'active' },
    });
    // Opened again, the link says the account is already active rather than that it failed.
    expect((await apiClient().get(link)).headers.get('location')).toBe('/activate/already');
    expect(
      (await apiClient().get('/api/activate.php?token=forged-token-forged-token')).headers.get('location'),
    ).toBe('/activate/error');
  });

  it('says activation failed for an expired link of an address not yet confirmed', async () => {
    const { client, input } = await signedUpMember();
    const link = linkIn((await lastMail(input.email))?.text, /\/api\/activate\.php\?token=[\w-]+/);
    const handle = db.handle().db;
    const [user] = await handle.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    await handle
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, user?.id ?? 0));
    expect((await apiClient().get(link)).headers.get('location')).toBe('/activate/error');
    expect((await client.get('/api/user.php')).json.user).toMatchObject({ status: 'not_confirmed' });
  });

  it('sends a new link on request, only to a member who still needs one', async () => {
    const { client, input } = await signedUpMember();
    expect((await client.post('/api/activation-mail.php')).status).toBe(204);
    const mails = await db.handle().db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, input.email));
    expect(mails).toHaveLength(2);
    expect((await apiClient().post('/api/activation-mail.php')).status).toBe(403);
  });
});

describe('login', () => {
  it('logs in, tells nothing about which part was wrong, and logs out', async () => {
    const { input } = await signedUpMember();
    const browser = apiClient();
    const wrong = await browser.post('/api/user.php', {
      email: input.email,
      password: 'not the password at all',
    });
    const unknown = await browser.post('/api/user.php', {
      email: `nobody-${input.email}`,
      password: input.password,
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.error.message).toBe('Login failed, please try again');

    const ok = await browser.post(
      '/api/user.php',
      { email: input.email.toUpperCase(), password: input.password },
      { 'x-request-type': 'client' },
    );
    expect(ok.status).toBe(200);
    expect(ok.json.user.profile.name).toBe(input.name);
    expect((await browser.put('/api/user.php', { language: 'sv' })).json.user.language).toBe('sv');
    expect((await browser.get('/api/logout.php')).status).toBe(200);
    expect(browser.cookies.has('auth_session')).toBe(false);
    expect((await browser.get('/api/user.php')).status).toBe(403);
  });

  it('blocks an address for 15 minutes after 5 wrong passwords, existing or not', async () => {
    const { input } = await signedUpMember();
    for (const email of [input.email, `ghost-${input.email}`]) {
      const now = new Date('2026-03-01T10:00:00Z');
      const codes: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        await logIn({ email, password: 'wrong password here', ip: `ip-${email}`, now }).catch(
          (e: { code: string }) => codes.push(e.code),
        );
      }
      expect(codes).toEqual([
        'login_failed',
        'login_failed',
        'login_failed',
        'login_failed',
        'account_locked',
      ]);
      const during = await logIn({
        email,
        password: input.password,
        ip: `ip-${email}`,
        now: new Date('2026-03-01T10:10:00Z'),
      }).catch((e: { code: string; options: { values?: object } }) => e);
      expect(during).toMatchObject({ code: 'account_locked', options: { values: { minutes: 5 } } });
    }
    const after = await logIn({
      email: input.email,
      password: input.password,
      ip: 'ip-after',
      now: new Date('2026-03-01T10:16:00Z'),
    });
    expect(after.userId).toBeGreaterThan(0);
  });

  it('shows the lock message with its minutes', async () => {
    const { input } = await signedUpMember();
    const browser = apiClient({ language: 'en' });
    let last = { status: 0, json: { error: { message: '' } } };
    for (let i = 0; i < 5; i += 1)
      last = await browser.post('/api/user.php', { email: input.email, password: 'still the wrong one' });
    expect(last.status).toBe(423);
    expect(last.json.error.message).toBe('Too many incorrect attempts, account blocked for 15 min.');
  });

  it('refuses logins from another site', async () => {
    const { input } = await signedUpMember();
    const res = await apiClient().post(
      '/api/user.php',
      { email: input.email, password: input.password },
      { origin: 'https://evil.example' },
    );
    expect(res.json.error.code).toBe('origin_rejected');
  });
});

describe('password reset', () => {
  it('mails a single-use link that sets a new password and ends other sessions', async () => {
    const { client, input } = await signedUpMember();
    expect((await apiClient().post('/api/password-reset.php', { email: input.email })).status).toBe(204);
    const mail = await lastMail(input.email);
    expect(mail?.kind).toBe('password_reset');
    const token = linkIn(mail?.text, /token=[\w-]+/).slice(6);

    const differ = await apiClient().post('/api/password-reset-do.php', {
      token,
      password: 'new long passphrase',
      password_repeat: 'another passphrase',
    });
    expect(differ.json.error).toMatchObject({
      code: 'field_invalid',
      field: 'password_repeat',
      message: 'The entered passwords are not the same.',
    });
    const done = await apiClient().post('/api/password-reset-do.php', {
      token,
      password: 'new long passphrase',
      password_repeat: 'new long passphrase',
    });
    expect(done.status).toBe(204);
    expect((await client.get('/api/user.php')).status).toBe(403);
    expect(
      (await apiClient().post('/api/user.php', { email: input.email, password: 'new long passphrase' }))
        .status,
    ).toBe(200);
    const again = await apiClient().post('/api/password-reset-do.php', {
      token,
      password: 'third long passphrase',
      password_repeat: 'third long passphrase',
    });
    expect(again.status).toBe(410);
    expect(again.json.error.message).toBe('Link expired or invalid, request a new email');
  });

  it('expires links after 2 hours', async () => {
    const { input } = await signedUpMember();
    await apiClient().post('/api/password-reset.php', { email: input.email });
    const token = linkIn((await lastMail(input.email))?.text, /token=[\w-]+/).slice(6);
    const later = new Date(Date.now() + 2 * 3_600_000 + 60_000);
    await expect(
      resetPassword({
        token,
        password: 'new long passphrase',
        passwordRepeat: 'new long passphrase',
        now: later,
      }),
    ).rejects.toMatchObject({ code: 'link_invalid' });
  });

  it('says when an address is unknown and stops after 3 mails a day to one requesting address', async () => {
    const unknown = await apiClient().post('/api/password-reset.php', { email: 'nobody-here@example.test' });
    expect(unknown.json.error).toMatchObject({
      code: 'email_not_found',
      message: 'E-mail address not found',
    });
    const { input } = await signedUpMember();
    const requester = apiClient();
    const statuses = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push(await requester.post('/api/password-reset.php', { email: input.email }));
    expect(statuses.map((s) => s.status)).toEqual([204, 204, 204, 429]);
    expect(statuses[3]?.json.error.message).toBe(
      'Too many password reset emails sent, please try again tomorrow.',
    );
  });

  it('lets the member reset from their own address after a stranger used up theirs', async () => {
    const { input } = await signedUpMember();
    const stranger = apiClient();
    const codes = [];
    for (let i = 0; i < 5; i += 1)
      codes.push((await stranger.post('/api/password-reset.php', { email: input.email })).json?.error?.code);
    expect(codes.filter((code) => code === 'reset_limit')).toHaveLength(2);
    const mailsBefore = await resetMails(input.email);
    const owner = apiClient();
    expect((await owner.post('/api/password-reset.php', { email: input.email })).status).toBe(204);
    expect(await resetMails(input.email)).toBe(mailsBefore + 1);
  });

  it('stops reset mails to one account for the day after 10, however many addresses ask', async () => {
    const { input } = await signedUpMember();
    const statuses = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push((await apiClient().post('/api/password-reset.php', { email: input.email })).status);
    expect(statuses).toEqual([...Array<number>(10).fill(204), 429]);
    expect(await resetMails(input.email)).toBe(10);
    const owner = await apiClient().post('/api/password-reset.php', { email: input.email });
    expect(owner.json.error.code).toBe('reset_limit');
  });
});

describe('adults only', () => {
  it('stores no account for a minor', async () => {
    const input = buildSignup({ date_of_birth: '2010-01-01' });
    await apiClient().post('/api/signup.php', input);
    const rows = await db
      .handle()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.email, input.email));
    expect(rows[0]?.n).toBe(0);
    expect(await db.handle().db.select().from(profiles).where(eq(profiles.name, input.name))).toEqual([]);
  });
});
