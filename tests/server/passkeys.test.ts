// Passkeys of members: adding them in the settings, signing in with them, and everything that must
// refuse a passkey answer. The answers come from a virtual authenticator (real ES256 signatures),
// so every request goes through the library's real verification.
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectMemberData } from '@/lib/server/data-export/collect-member-data';
import { purgeDeletedAccounts } from '@/lib/server/auth/purge-deleted-accounts';
import { mailOutbox, passkeyChallenges, passkeys, profiles, sessions, users } from '@/lib/server/db/schema';
import { hashToken } from '@/lib/server/auth/tokens';
import { defaultPasskeyName } from '@/lib/server/passkeys/passkey-name';
import { hitRateLimit } from '@/lib/server/security/rate-limit';
import { upsertSite } from '@/lib/server/settings/update-site';
import { SESSION_COOKIE } from '@/lib/server/auth/sessions';
import { LOGIN_IP_LIMIT } from '@/lib/server/auth/log-in';
import { resetEnv } from '@/lib/server/env';
import { createMember } from '../factories/create-member';
import { apiClient, clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';
import { VirtualAuthenticator } from '../helpers/virtual-authenticator';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();
beforeAll(() => {
  process.env.TRUST_PROXY = '1';
});
const database = () => db.handle().db;

const ORIGIN = 'http://lovelane.test';
/** The credential ids an options object names (allowCredentials, excludeCredentials). */
const credentialIds = (list: unknown) => (list as { id: string }[]).map((c) => c.id);
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

type Client = ReturnType<typeof apiClient>;

async function emailOf(userId: number): Promise<string> {
  const [row] = await database().select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

async function passkeyMails(email: string) {
  return database()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'passkey_changed')))
    .orderBy(desc(mailOutbox.id));
}

/** Adds a passkey through the API as the settings page does; answers the API's answer. */
async function addPasskey(client: Client, authenticator: VirtualAuthenticator) {
  const start = await client.post('/api/passkey-registration.php');
  expect(start.status, JSON.stringify(start.json)).toBe(200);
  const response = await authenticator.register(start.json.options);
  return client.post('/api/passkeys.php', { response }, { 'user-agent': ANDROID_CHROME });
}

/** A confirmed member with one passkey, made through the API. */
async function memberWithPasskey(seed: Parameters<typeof createMember>[1] = {}) {
  const userId = await createMember(database(), seed);
  const client = await clientFor(userId);
  const authenticator = new VirtualAuthenticator({ origin: ORIGIN });
  const added = await addPasskey(client, authenticator);
  expect(added.status, JSON.stringify(added.json)).toBe(201);
  return { userId, client, authenticator, passkeyId: added.json.added.id as number };
}

/** Signs in from a fresh browser with the authenticator: the sign-in challenge, then the answer. */
async function signIn(
  authenticator: VirtualAuthenticator,
  override: Parameters<VirtualAuthenticator['authenticate']>[1] = {},
  visitor: Client = apiClient(),
) {
  const start = await visitor.post('/api/passkey-challenge.php');
  expect(start.status, JSON.stringify(start.json)).toBe(200);
  const response = await authenticator.authenticate(start.json.options, override);
  const res = await visitor.post('/api/user.php?passkey=1', { response });
  return { visitor, res, response };
}

/** Makes the member's session look as if it was opened long ago. */
async function ageSession(client: Client, minutes: number) {
  const token = client.cookies.get(SESSION_COOKIE) ?? '';
  await database()
    .update(sessions)
    .set({ authenticatedAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(sessions.tokenHash, hashToken(token)));
}

describe('adding a passkey', () => {
  it('asks the browser for a discoverable passkey of this site that verifies the person', async () => {
    const userId = await createMember(database(), { name: 'Anouk' });
    const client = await clientFor(userId);
    const start = await client.post('/api/passkey-registration.php');
    expect(start.status).toBe(200);
    const { options } = start.json;
    expect(options.rp).toEqual({ id: 'lovelane.test', name: 'Lovelane' });
    expect(options.user).toMatchObject({ name: await emailOf(userId), displayName: 'Anouk' });
    // The user handle is opaque: neither the member's id nor the address.
    expect(Buffer.from(options.user.id, 'base64url')).toHaveLength(32);
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    expect(options.attestation).toBe('none');
  });

  it('stores the passkey named after the device, lists it and mails the member', async () => {
    const { userId, client, authenticator } = await memberWithPasskey();
    const list = await client.get('/api/passkeys.php');
    expect(list.status).toBe(200);
    expect(list.json.passkeys).toEqual([
      {
        id: expect.any(Number),
        name: 'Chrome on Android',
        created_at: expect.any(String),
        last_used_at: null,
        backed_up: false,
      },
    ]);
    expect(list.json.has_password).toBe(true);
    expect(new Date(list.json.confirmed_until).getTime()).toBeGreaterThan(Date.now());
    const [mail] = await passkeyMails(await emailOf(userId));
    expect(mail?.subject).toBe('A passkey was added to your Lovelane account');
    expect(mail?.text).toContain('“Chrome on Android”');
    expect(mail?.text).toContain('http://lovelane.test/settings#passkeys');
    // The same device is not offered again: the next options exclude it.
    const again = await client.post('/api/passkey-registration.php');
    expect(credentialIds(again.json.options.excludeCredentials)).toEqual([
      ...authenticator.credentials.keys(),
    ]);
  });

  it('names a passkey after the password manager that keeps it, in the member’s language otherwise', () => {
    expect(
      defaultPasskeyName({
        aaguid: 'EA9B8D66-4D01-1D21-3CE4-B6B48CB575D4',
        userAgent: ANDROID_CHROME,
        locale: 'en',
      }),
    ).toBe('Google Password Manager');
    const zero = '00000000-0000-0000-0000-000000000000';
    expect(defaultPasskeyName({ aaguid: zero, userAgent: ANDROID_CHROME, locale: 'de' })).toBe(
      'Chrome auf Android',
    );
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    expect(defaultPasskeyName({ aaguid: zero, userAgent: iphone, locale: 'fr' })).toBe('Safari sur iPhone');
    expect(defaultPasskeyName({ aaguid: zero, userAgent: null, locale: 'nl' })).toBe('Toegangssleutel');
  });

  it('refuses an answer made for another origin, another site or without the person verified', async () => {
    const userId = await createMember(database());
    const client = await clientFor(userId);
    const authenticator = new VirtualAuthenticator({ origin: ORIGIN });
    for (const override of [
      { origin: 'https://lovelane.test.evil.example' },
      { rpId: 'evil.example' },
      { userVerified: false },
    ]) {
      const start = await client.post('/api/passkey-registration.php');
      const response = await authenticator.register(start.json.options, override);
      const res = await client.post('/api/passkeys.php', { response });
      expect(res.status, JSON.stringify(override)).toBe(401);
      expect(res.json.error).toEqual({
        code: 'passkey_invalid',
        message: 'This passkey could not be verified. Please try again.',
      });
    }
    expect(await database().select().from(passkeys).where(eq(passkeys.userId, userId))).toEqual([]);
  });

  it('needs a recent sign-in, which the password or an own passkey gives again', async () => {
    const { userId, client, authenticator } = await memberWithPasskey();
    await ageSession(client, 11);
    expect((await client.get('/api/passkeys.php')).json.confirmed_until).toBeNull();
    const refused = await client.post('/api/passkey-registration.php');
    expect(refused.status).toBe(403);
    expect(refused.json.error).toEqual({
      code: 'recent_sign_in_required',
      message: 'For your safety, please confirm it is you first.',
    });

    const wrong = await client.post('/api/reauthentication.php', { password: 'not the password' });
    expect(wrong.status).toBe(422);
    expect(wrong.json.error).toMatchObject({ field: 'password', message: 'Please check your password.' });

    // Confirming with the member's own passkey.
    const start = await client.post('/api/reauthentication-challenge.php');
    expect(credentialIds(start.json.options.allowCredentials)).toEqual([...authenticator.credentials.keys()]);
    const confirmed = await client.post('/api/reauthentication.php', {
      response: await authenticator.authenticate(start.json.options),
    });
    expect(confirmed.status).toBe(200);
    expect(new Date(confirmed.json.confirmed_until).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect((await client.post('/api/passkey-registration.php')).status).toBe(200);

    // Another member's passkey confirms nothing for this one.
    const other = await memberWithPasskey();
    await ageSession(other.client, 11);
    const otherStart = await other.client.post('/api/reauthentication-challenge.php');
    const borrowed = await authenticator.authenticate(otherStart.json.options, {
      credentialId: [...authenticator.credentials.keys()][0],
    });
    const res = await other.client.post('/api/reauthentication.php', { response: borrowed });
    expect(res.json.error.code).toBe('passkey_invalid');
    expect((await other.client.get('/api/passkeys.php')).json.confirmed_until).toBeNull();
    expect(userId).not.toBe(other.userId);
  });

  it('confirms with the password', async () => {
    const userId = await createMember(database());
    const { hashPassword } = await import('@/lib/server/auth/passwords');
    await database()
      .update(users)
      .set({ passwordHash: await hashPassword('correct horse battery') })
      .where(eq(users.id, userId));
    const client = await clientFor(userId);
    await ageSession(client, 30);
    const ok = await client.post('/api/reauthentication.php', { password: 'correct horse battery' });
    expect(ok.status).toBe(200);
    expect(ok.json.confirmed_until).not.toBeNull();
  });
});

describe('signing in with a passkey', () => {
  it('needs no address: the browser may offer any passkey of this site', async () => {
    const start = await apiClient().post('/api/passkey-challenge.php');
    expect(start.status).toBe(200);
    expect(start.json.options).toMatchObject({ rpId: 'lovelane.test', userVerification: 'required' });
    expect(start.json.options.allowCredentials).toBeUndefined();
  });

  it('starts a session for the passkey’s owner and records the use', async () => {
    const { userId, passkeyId, authenticator } = await memberWithPasskey();
    const { visitor, res } = await signIn(authenticator);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.user).toMatchObject({ status: 'confirmed' });
    const cookie = visitor.setCookieHeaders().find((line) => line.startsWith('auth_session='));
    expect(cookie).toMatch(/HttpOnly/i);
    const me = await visitor.get('/api/user.php');
    expect(me.status).toBe(200);
    const [stored] = await database().select().from(passkeys).where(eq(passkeys.id, passkeyId));
    expect(stored?.counter).toBe(1);
    expect(stored?.lastUsedAt).not.toBeNull();
    expect(stored?.userId).toBe(userId);
  });

  it('takes each challenge once', async () => {
    const { authenticator } = await memberWithPasskey();
    const { visitor, res, response } = await signIn(authenticator);
    expect(res.status).toBe(200);
    const replay = await apiClient().post('/api/user.php?passkey=1', { response });
    expect(replay.status).toBe(410);
    expect(replay.json.error).toEqual({
      code: 'passkey_challenge_expired',
      message: 'The passkey request has expired. Please try again.',
    });
    // A new signature over the used challenge is no better.
    const resigned = await authenticator.authenticate({
      challenge: JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString()).challenge,
      rpId: 'lovelane.test',
    });
    expect((await visitor.post('/api/user.php?passkey=1', { response: resigned })).status).toBe(410);
  });

  it('refuses a challenge after it expired', async () => {
    const { authenticator } = await memberWithPasskey();
    const visitor = apiClient();
    const start = await visitor.post('/api/passkey-challenge.php');
    await database()
      .update(passkeyChallenges)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(passkeyChallenges.challenge, start.json.options.challenge));
    const res = await visitor.post('/api/user.php?passkey=1', {
      response: await authenticator.authenticate(start.json.options),
    });
    expect(res.status).toBe(410);
    expect(res.json.error.code).toBe('passkey_challenge_expired');
    expect(
      await database()
        .select()
        .from(passkeyChallenges)
        .where(eq(passkeyChallenges.challenge, start.json.options.challenge)),
    ).toEqual([]);
  });

  it('refuses an answer for another origin or relying party, or without the person verified', async () => {
    const { authenticator } = await memberWithPasskey();
    for (const override of [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { userVerified: false },
    ]) {
      const { visitor, res } = await signIn(authenticator, override);
      expect(res.status, JSON.stringify(override)).toBe(401);
      expect(res.json.error.code).toBe('passkey_invalid');
      expect((await visitor.get('/api/user.php')).status).toBe(403);
    }
  });

  it('keeps each site domain its own relying party', async () => {
    await upsertSite({ domain: 'lovelane.de', changes: { name: 'Lovelane DE', domainLanguage: 'de' } });
    const { authenticator } = await memberWithPasskey();
    const german = apiClient({ host: 'lovelane.de' });
    const start = await german.post('/api/passkey-challenge.php');
    expect(start.json.options.rpId).toBe('lovelane.de');
    // A passkey of lovelane.test, even signed as if for lovelane.de, is not known there.
    const response = await authenticator.authenticate(start.json.options, { origin: 'http://lovelane.de' });
    const res = await german.post('/api/user.php?passkey=1', { response });
    expect(res.json.error.code).toBe('passkey_unknown');
    // An unknown host is no relying party, whatever it claims.
    const unknown = apiClient({ host: 'unknown.example' });
    expect((await unknown.post('/api/passkey-challenge.php')).json.error.code).toBe('origin_rejected');
    const ip = apiClient({ host: '127.0.0.1:3000' });
    expect((await ip.post('/api/passkey-challenge.php')).json.error.code).toBe('passkey_unavailable');
  });

  it('takes APP_URL and TRUSTED_ORIGINS as relying parties, never a Host header alone', async () => {
    const original = { APP_URL: process.env.APP_URL, TRUSTED_ORIGINS: process.env.TRUSTED_ORIGINS };
    process.env.APP_URL = 'https://www.lovelane.example';
    process.env.TRUSTED_ORIGINS = 'https://m.lovelane.example';
    resetEnv();
    try {
      const behindProxy = apiClient({ host: 'internal:3000' });
      const viaAppUrl = await behindProxy.post('/api/passkey-challenge.php', undefined, {
        origin: 'https://www.lovelane.example',
      });
      expect(viaAppUrl.json.options.rpId).toBe('www.lovelane.example');
      const viaTrusted = await behindProxy.post('/api/passkey-challenge.php', undefined, {
        origin: 'https://m.lovelane.example',
      });
      expect(viaTrusted.json.options.rpId).toBe('m.lovelane.example');
      const forged = apiClient({ host: 'attacker.example' });
      expect((await forged.post('/api/passkey-challenge.php')).json.error.code).toBe('origin_rejected');
    } finally {
      for (const [key, value] of Object.entries(original)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      resetEnv();
    }
  });

  it('never signs in another member: the passkey must carry its owner’s handle', async () => {
    const victim = await memberWithPasskey();
    const attacker = await memberWithPasskey();
    const victimHandle = (
      await database()
        .select({ handle: users.passkeyUserHandle })
        .from(users)
        .where(eq(users.id, victim.userId))
    )[0]?.handle;
    // The attacker's own passkey, claiming to be the victim's account.
    const { visitor, res } = await signIn(attacker.authenticator, { userHandle: victimHandle ?? '' });
    expect(res.json.error.code).toBe('passkey_invalid');
    expect((await visitor.get('/api/user.php')).status).toBe(403);
    // Its own handle signs in its owner only.
    const own = await signIn(attacker.authenticator);
    expect(own.res.status).toBe(200);
    const sessionsOfVictim = await database()
      .select()
      .from(sessions)
      .where(eq(sessions.userId, victim.userId));
    expect(sessionsOfVictim).toHaveLength(1);
  });

  it('refuses a passkey whose counter went back (a cloned authenticator)', async () => {
    const { authenticator, passkeyId } = await memberWithPasskey();
    expect((await signIn(authenticator, { counter: 5 })).res.status).toBe(200);
    const { res, visitor } = await signIn(authenticator, { counter: 3 });
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('passkey_invalid');
    expect((await visitor.get('/api/user.php')).status).toBe(403);
    const [stored] = await database().select().from(passkeys).where(eq(passkeys.id, passkeyId));
    expect(stored?.counter).toBe(5);
  });

  it('answers a removed passkey as unknown', async () => {
    const { client, authenticator, passkeyId } = await memberWithPasskey();
    expect((await client.delete('/api/passkeys.php', { id: passkeyId })).status).toBe(200);
    const { res } = await signIn(authenticator);
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe('passkey_unknown');
  });

  describe('account states, as with the password', () => {
    it('logs in a member who has not confirmed the address yet', async () => {
      const { userId, authenticator } = await memberWithPasskey();
      await database().update(users).set({ status: 'not_confirmed' }).where(eq(users.id, userId));
      const { res } = await signIn(authenticator);
      expect(res.status).toBe(200);
      expect(res.json.user.status).toBe('not_confirmed');
    });

    it('refuses a suspended member with the end of the suspension', async () => {
      const { userId, authenticator } = await memberWithPasskey();
      await database()
        .update(profiles)
        .set({ status: 'suspended', suspendedUntil: new Date(Date.now() + 3 * 86_400_000) })
        .where(eq(profiles.userId, userId));
      const { res, visitor } = await signIn(authenticator);
      expect(res.status).toBe(403);
      expect(res.json.error.code).toBe('account_suspended');
      expect((await visitor.get('/api/user.php')).status).toBe(403);
    });

    it('refuses a banned member', async () => {
      const { userId, authenticator } = await memberWithPasskey();
      await database().update(profiles).set({ status: 'banned' }).where(eq(profiles.userId, userId));
      expect((await signIn(authenticator)).res.json.error.code).toBe('account_banned');
    });

    it('tells a deleted account how to come back', async () => {
      const { userId, authenticator } = await memberWithPasskey();
      await database().update(users).set({ deletedAt: new Date() }).where(eq(users.id, userId));
      const { res } = await signIn(authenticator);
      expect(res.status).toBe(403);
      expect(res.json.error.code).toBe('account_pending_deletion');
    });

    it('signs in while wrong passwords have locked the password path, even from the same address', async () => {
      const { userId, authenticator } = await memberWithPasskey();
      const visitor = apiClient();
      const email = await emailOf(userId);
      for (let i = 0; i < 5; i += 1) await visitor.post('/api/user.php', { email, password: `wrong ${i}` });
      // The password path is locked for this address …
      const password = await visitor.post('/api/user.php', { email, password: 'one more guess' });
      expect(password.status).toBe(423);
      expect(password.json.error.code).toBe('account_locked');
      // … and the passkey still opens the account: a stranger's guesses cannot keep its owner out.
      const { res } = await signIn(authenticator, {}, visitor);
      expect(res.status).toBe(200);
    });

    it('spends the address’s login budget', async () => {
      const { authenticator } = await memberWithPasskey();
      const visitor = apiClient();
      for (let i = 0; i < LOGIN_IP_LIMIT.attempts; i += 1) {
        await hitRateLimit({
          key: `login-ip:${visitor.ip}`,
          limit: LOGIN_IP_LIMIT.attempts,
          windowSeconds: LOGIN_IP_LIMIT.windowSeconds,
        });
      }
      const { res } = await signIn(authenticator, {}, visitor);
      expect(res.status).toBe(429);
      expect(res.json.error.code).toBe('rate_limited');
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    });
  });
});

describe('renaming and removing', () => {
  it('renames the member’s own passkey and answers another member’s like a nonexistent one', async () => {
    const owner = await memberWithPasskey();
    const renamed = await owner.client.put('/api/passkeys.php', {
      id: owner.passkeyId,
      name: '  Work laptop ',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json.passkeys[0].name).toBe('Work laptop');

    const stranger = await clientFor(await createMember(database()));
    const foreign = await stranger.put('/api/passkeys.php', { id: owner.passkeyId, name: 'Mine now' });
    const none = await stranger.put('/api/passkeys.php', { id: 2_147_483_000, name: 'Mine now' });
    expect(foreign.status).toBe(404);
    expect(foreign.json).toEqual(none.json);
    const removal = await stranger.delete('/api/passkeys.php', { id: owner.passkeyId });
    expect(removal.status).toBe(404);
    expect(removal.json).toEqual((await stranger.delete('/api/passkeys.php', { id: 2_147_483_000 })).json);
    const [kept] = await database().select().from(passkeys).where(eq(passkeys.id, owner.passkeyId));
    expect(kept?.name).toBe('Work laptop');
  });

  it('refuses an empty or unreadable name', async () => {
    const owner = await memberWithPasskey();
    for (const name of ['   ', 'x'.repeat(61), 'tab\there']) {
      const res = await owner.client.put('/api/passkeys.php', { id: owner.passkeyId, name });
      expect(res.status, name).toBe(422);
    }
  });

  it('removes a passkey after a recent sign-in and mails the member', async () => {
    const { userId, client, passkeyId } = await memberWithPasskey();
    await ageSession(client, 11);
    const refused = await client.delete('/api/passkeys.php', { id: passkeyId });
    expect(refused.json.error.code).toBe('recent_sign_in_required');
    await ageSession(client, 1);
    const removed = await client.delete('/api/passkeys.php', { id: passkeyId });
    expect(removed.status).toBe(200);
    expect(removed.json.passkeys).toEqual([]);
    const [mail] = await passkeyMails(await emailOf(userId));
    expect(mail?.subject).toBe('A passkey was removed from your Lovelane account');
    expect(mail?.text).toContain('“Chrome on Android” was removed');
  });

  it('never removes the last way in of an account without a password', async () => {
    const { userId, client, authenticator, passkeyId } = await memberWithPasskey();
    expect((await addPasskey(client, authenticator)).status).toBe(201);
    await database().update(users).set({ passwordHash: '' }).where(eq(users.id, userId));
    expect((await client.get('/api/passkeys.php')).json.has_password).toBe(false);
    expect((await client.delete('/api/passkeys.php', { id: passkeyId })).status).toBe(200);
    const [last] = (await client.get('/api/passkeys.php')).json.passkeys;
    const refused = await client.delete('/api/passkeys.php', { id: last.id });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('last_sign_in_method');
    expect((await client.get('/api/passkeys.php')).json.passkeys).toHaveLength(1);
  });

  it('keeps a member to the passkey limit', async () => {
    const { userId, client } = await memberWithPasskey();
    const [first] = await database().select().from(passkeys).where(eq(passkeys.userId, userId));
    if (!first) throw new Error('no passkey');
    const { id: _id, ...copy } = first;
    await database()
      .insert(passkeys)
      .values(Array.from({ length: 19 }, (_, i) => ({ ...copy, credentialId: `copy-${userId}-${i}` })));
    const res = await client.post('/api/passkey-registration.php');
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe('You can have up to 20 passkeys. Remove one to add another.');
  });
});

describe('the member’s data', () => {
  it('lists passkeys in the data copy by name and use, never their keys', async () => {
    const { userId, authenticator } = await memberWithPasskey();
    await signIn(authenticator);
    const data = await collectMemberData({ userId });
    expect(data.json['passkeys.json']).toEqual([
      {
        name: 'Chrome on Android',
        created_at: expect.any(String),
        last_used_at: expect.any(String),
        backed_up: false,
      },
    ]);
    const [stored] = await database().select().from(passkeys).where(eq(passkeys.userId, userId));
    const everything = JSON.stringify(data.json);
    expect(everything).not.toContain(stored?.publicKey);
    expect(everything).not.toContain(stored?.credentialId);
  });

  it('removes the passkeys when the deleted account is purged', async () => {
    const { userId, authenticator } = await memberWithPasskey();
    await database()
      .update(users)
      .set({ deletedAt: new Date(Date.now() - 15 * 86_400_000) })
      .where(eq(users.id, userId));
    expect(await purgeDeletedAccounts()).toBeGreaterThan(0);
    expect(await database().select().from(passkeys).where(eq(passkeys.userId, userId))).toEqual([]);
    const [user] = await database().select().from(users).where(eq(users.id, userId));
    expect(user?.passkeyUserHandle).toBeNull();
    expect((await signIn(authenticator)).res.json.error.code).toBe('passkey_unknown');
  });
});

describe('the API document', () => {
  it('lists the passkey routes with who may call them', async () => {
    const doc = (await apiClient().get('/api/openapi.json')).json;
    expect(doc.paths['/api/passkey-challenge.php'].post.security).toBeUndefined();
    expect(doc.paths['/api/user.php?passkey=1'].post.responses['410']).toBeDefined();
    for (const [path, method] of [
      ['/api/passkeys.php', 'get'],
      ['/api/passkeys.php', 'post'],
      ['/api/passkeys.php', 'put'],
      ['/api/passkeys.php', 'delete'],
      ['/api/passkey-registration.php', 'post'],
      ['/api/reauthentication.php', 'post'],
      ['/api/reauthentication-challenge.php', 'post'],
    ] as const) {
      expect(doc.paths[path][method].security, `${method} ${path}`).toEqual([{ session: [] }]);
    }
    expect(doc.paths['/api/operator/passkeys.php'].get.security).toEqual([{ operatorSession: [] }]);
    expect(doc.paths['/api/operator/second-factor.php?passkey=1'].post.security).toEqual([
      { operatorSession: [] },
    ]);
  });
});
