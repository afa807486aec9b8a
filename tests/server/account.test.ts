import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deleteAccount } from '@/lib/server/auth/delete-account';
import { purgeDeletedAccounts } from '@/lib/server/auth/purge-deleted-accounts';
import { reactivateAccount } from '@/lib/server/auth/reactivate-account';
import { mailOutbox, profiles, users } from '@/lib/server/db/schema';
import { buildSignup } from '../factories/build-signup';
import { apiClient } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();
beforeAll(() => {
  process.env.TRUST_PROXY = '1';
});

async function member() {
  const client = apiClient();
  const input = buildSignup();
  expect((await client.post('/api/signup.php', input)).status).toBe(201);
  const [row] = await db.handle().db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  return { client, input, userId: row?.id ?? 0 };
}
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
const tokenIn = (text: string | undefined) => text?.match(/token=([\w-]+)/)?.[1] ?? '';

describe('password change', () => {
  it('needs the old password and keeps only the current session', async () => {
    const { client, input } = await member();
    const other = apiClient();
    expect((await other.post('/api/user.php', { email: input.email, password: input.password })).status).toBe(
      200,
    );

    const wrong = await client.post('/api/password.php', {
      old_password: 'not my password',
      new_password: 'a fresh passphrase',
    });
    expect(wrong.json.error).toMatchObject({
      field: 'old_password',
      message: 'Please check your old password.',
    });
    const weak = await client.post('/api/password.php', {
      old_password: input.password,
      new_password: 'qwerty123',
    });
    expect(weak.json.error.field).toBe('new_password');

    expect(
      (
        await client.post('/api/password.php', {
          old_password: input.password,
          new_password: 'a fresh passphrase',
        })
      ).status,
    ).toBe(204);
    expect((await client.get('/api/user.php')).status).toBe(200);
    expect((await other.get('/api/user.php')).status).toBe(403);
  });
});

describe('e-mail change', () => {
  it('changes the address only when the link mailed to the new one is followed', async () => {
    const { client, input } = await member();
    const newEmail = `new-${input.email}`;
    expect(
      (await client.post('/api/mail-change.php', { new_email: 'broken@', password: input.password })).json
        .error.message,
    ).toBe('New email adress is invalid.');
    expect(
      (await client.post('/api/mail-change.php', { new_email: newEmail, password: 'wrong password!' })).json
        .error.field,
    ).toBe('password');
    expect(
      (await client.post('/api/mail-change.php', { new_email: newEmail, password: input.password })).status,
    ).toBe(204);

    const mail = await lastMail(newEmail);
    expect(mail?.kind).toBe('mail_change');
    expect(mail?.text).toContain('/mail-change/do?token=');
    const [before] = await db
      .handle()
      .db.select({ email: users.email })
      .from(users)
      .where(eq(users.email, input.email));
    expect(before?.email).toBe(input.email);

    const token = tokenIn(mail?.text);
    expect((await apiClient().post('/api/mail-change-do.php', { token })).status).toBe(204);
    expect(
      (await apiClient().post('/api/user.php', { email: newEmail, password: input.password })).status,
    ).toBe(200);
    expect((await apiClient().post('/api/mail-change-do.php', { token })).json.error.code).toBe(
      'link_invalid',
    );
  });

  it('tells the old address and ends the other sessions once the new address is confirmed', async () => {
    const { client, input } = await member();
    const other = apiClient();
    expect((await other.post('/api/user.php', { email: input.email, password: input.password })).status).toBe(
      200,
    );
    const newEmail = `moved-${input.email}`;
    await client.post('/api/mail-change.php', { new_email: newEmail, password: input.password });
    const token = tokenIn((await lastMail(newEmail))?.text);
    expect((await client.post('/api/mail-change-do.php', { token })).status).toBe(204);

    const notice = await lastMail(input.email);
    expect(notice?.kind).toBe('mail_changed');
    expect(notice?.text).toContain(newEmail);
    expect(notice?.text).toContain('Was this not you?');
    expect((await other.get('/api/user.php')).status).toBe(403);
    expect((await client.get('/api/user.php')).status).toBe(200);
  });

  it('refuses an address another account has', async () => {
    const first = await member();
    const second = await member();
    const res = await second.client.post('/api/mail-change.php', {
      new_email: first.input.email,
      password: second.input.password,
    });
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe('This email address already owns an account on this website.');
  });
});

describe('deletion and reactivation', () => {
  it('deletes at once, says so at login, and comes back through the mailed link', async () => {
    const { client, input } = await member();
    const res = await client.post('/api/account-deletion.php', {
      password: input.password,
      reason: 'found_partner',
      comment: 'Met someone here!',
    });
    expect(res.status).toBe(204);
    expect(client.cookies.has('auth_session')).toBe(false);

    const login = await apiClient().post('/api/user.php', { email: input.email, password: input.password });
    expect(login.status).toBe(403);
    expect(login.json.error.message).toBe(
      'This account has been deleted. You can reactivate it through the link in the e-mail we sent you, or contact customer service.',
    );

    const mail = await lastMail(input.email);
    expect(mail?.kind).toBe('account_deleted');
    const link = mail?.text.match(/\/api\/reactivate\.php\?token=[\w-]+/)?.[0] ?? '';
    const back = await apiClient().get(link);
    expect(back.headers.get('location')).toBe('/login?reactivated=1');
    expect(
      (await apiClient().post('/api/user.php', { email: input.email, password: input.password })).status,
    ).toBe(200);
    expect((await apiClient().get(link)).headers.get('location')).toBe('/login?reactivation=failed');
  });

  it('purges the personal data after 14 days, and a late link no longer works', async () => {
    const { input, userId } = await member();
    const deletedAt = new Date('2026-01-01T12:00:00Z');
    await deleteAccount({
      userId,
      ip: '198.51.100.9',
      password: input.password,
      reason: 'privacy',
      host: 'lovelane.test',
      origin: 'http://lovelane.test',
      now: deletedAt,
    });
    const token = tokenIn((await lastMail(input.email))?.text);

    expect(await purgeDeletedAccounts({ now: new Date('2026-01-14T12:00:00Z') })).toBe(0);
    expect(await reactivateAccount({ token, now: new Date('2026-01-15T12:00:01Z') })).toBe(false);
    expect(await purgeDeletedAccounts({ now: new Date('2026-01-15T12:00:01Z') })).toBeGreaterThanOrEqual(1);

    const [row] = await db.handle().db.select().from(users).where(eq(users.id, userId));
    expect(row).toMatchObject({
      status: 'purged',
      email: `purged-${userId}@invalid`,
      passwordHash: '',
      trackingNetwork: null,
    });
    expect(await db.handle().db.select().from(profiles).where(eq(profiles.userId, userId))).toEqual([]);
    expect(
      (await apiClient().post('/api/user.php', { email: input.email, password: input.password })).status,
    ).toBe(401);
    expect(await purgeDeletedAccounts({ now: new Date('2026-02-01T00:00:00Z') })).toBe(0);
  });

  it('needs the password to delete', async () => {
    const { client } = await member();
    const res = await client.post('/api/account-deletion.php', {
      password: 'not it at all',
      reason: 'other',
    });
    expect(res.json.error).toMatchObject({ code: 'field_invalid', field: 'password' });
    expect((await client.get('/api/user.php')).status).toBe(200);
  });
});
