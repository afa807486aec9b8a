import { OpenAPIHono } from '@hono/zod-openapi';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createApiApp } from '@/lib/server/api/app';
import { mailOutbox } from '@/lib/server/db/schema/mail';
import type { ApiEnv } from '@/lib/server/api/context';
import { defineRoute } from '@/lib/server/api/kit/define-route';
import { mountRoutes } from '@/lib/server/api/kit/mount-routes';
import { resetEnv as resetParsedEnv } from '@/lib/server/env';
import { addOperator } from '@/lib/server/operators/add-operator';
import { upsertSite } from '@/lib/server/settings/update-site';
import { apiClient, clientFor } from '../helpers/api';
import { buildSignup } from '../factories/build-signup';
import { withTestDatabase } from '../helpers/database';
import { createMember } from '../factories/create-member';

// Several tests here sign up from the one test address.
process.env.RATE_LIMIT_SIGNUPS_PER_HOUR = '1000';
const db = withTestDatabase();
const original = { ...process.env };
afterEach(() => {
  for (const key of ['TRUSTED_ORIGINS', 'APP_URL', 'TRUST_PROXY']) {
    if (original[key] === undefined) delete process.env[key];
    else process.env[key] = original[key];
  }
  resetParsedEnv();
});
const setEnv = (values: Record<string, string | undefined>) => {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetParsedEnv();
};

const beacon = (host: string, origin: string) =>
  createApiApp().request('/api/page-hidden.php', {
    method: 'POST',
    headers: { host, origin, 'content-type': 'application/json' },
    body: '{}',
  });

describe('Origin check', () => {
  it('does not take an Origin for this site just because it names the Host the request was sent to', async () => {
    setEnv({ TRUSTED_ORIGINS: undefined, APP_URL: undefined });
    const res = await beacon('attacker.example', 'http://attacker.example');
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('origin_rejected');
  });

  it('accepts the Origin of a configured site domain, of APP_URL, and of the machine itself', async () => {
    setEnv({ TRUSTED_ORIGINS: undefined, APP_URL: 'https://www.lovelane.example' });
    await upsertSite({ domain: 'flirt.example', changes: {} });
    expect((await beacon('flirt.example', 'https://flirt.example')).status).toBe(204);
    expect((await beacon('www.lovelane.example', 'https://www.lovelane.example')).status).toBe(204);
    expect((await beacon('localhost:3000', 'http://localhost:3000')).status).toBe(204);
    expect((await beacon('flirt.example', 'https://other.example')).status).toBe(403);
  });
});

describe('e-mailed links', () => {
  const resetLink = async (host: string) => {
    const signup = buildSignup();
    expect((await apiClient().post('/api/signup.php', signup)).status).toBe(201);
    const res = await createApiApp().request('/api/password-reset.php', {
      method: 'POST',
      headers: { host, origin: `http://${host}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: signup.email }),
    });
    const [mail] = await db
      .handle()
      .db.select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, signup.email), eq(mailOutbox.kind, 'password_reset')));
    return { status: res.status, link: mail?.text.match(/https?:\/\/\S+/)?.[0] ?? '' };
  };

  it('never point to the host a request names, only to a site domain or APP_URL', async () => {
    setEnv({ APP_URL: undefined, TRUSTED_ORIGINS: 'http://attacker.example,http://lovelane.test' });
    const forged = await resetLink('attacker.example');
    expect(forged.status).toBe(204);
    expect(forged.link).toMatch(/^http:\/\/localhost:\d+\/reset-password\/do\?token=/);
    setEnv({ APP_URL: 'https://www.lovelane.example' });
    expect((await resetLink('attacker.example')).link).toMatch(
      /^https:\/\/www\.lovelane\.example\/reset-password/,
    );
    await upsertSite({ domain: 'flirt.example', changes: {} });
    setEnv({ TRUSTED_ORIGINS: 'http://flirt.example,http://lovelane.test' });
    expect((await resetLink('flirt.example')).link).toMatch(/^https:\/\/flirt\.example\/reset-password/);
  });
});

describe('body limits', () => {
  it('refuses a JSON body over 64 kB by its declared length without reading it', async () => {
    const res = await createApiApp().request('/api/complaint.php', {
      method: 'POST',
      headers: {
        host: 'lovelane.test',
        origin: 'http://lovelane.test',
        'content-type': 'application/json',
        'content-length': String(50 * 1024 * 1024),
      },
      body: '{}',
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('payload_too_large');
  });

  it('stops reading a streamed body without a length once it passes the limit', async () => {
    let sent = 0;
    const chunk = new TextEncoder().encode(`"${'x'.repeat(16 * 1024)}",`);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"text":['));
      },
      pull(controller) {
        // 50 MB if nobody stops reading.
        if (sent > 50 * 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await createApiApp().request('/api/complaint.php', {
      method: 'POST',
      headers: { host: 'lovelane.test', origin: 'http://lovelane.test', 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(256 * 1024);
  });
});

describe('logout', () => {
  it('ends the session by POST from this site', async () => {
    const client = await clientFor(await createMember(db.handle().db));
    expect((await client.post('/api/logout.php')).status).toBe(200);
    expect((await client.get('/api/user.php')).status).toBe(403);
  });

  it('does not let another site end a session through GET /api/logout.php', async () => {
    const id = await createMember(db.handle().db);
    const attempts: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
    ];
    for (const headers of attempts) {
      const client = await clientFor(id);
      const res = await client.get('/api/logout.php', { origin: '', ...headers });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect((await client.get('/api/user.php')).status).toBe(200);
    }
    const own = await clientFor(id);
    expect((await own.get('/api/logout.php', { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await own.get('/api/user.php')).status).toBe(403);
  });
});

describe('session cookie', () => {
  const cookieOf = async (headers: Record<string, string>, url = 'http://lovelane.test/api/signup.php') => {
    const res = await createApiApp().request(url, {
      method: 'POST',
      headers: {
        host: 'lovelane.test',
        origin: 'http://lovelane.test',
        'content-type': 'application/json',
        ...headers,
      },
      body: JSON.stringify(buildSignup()),
    });
    expect(res.status).toBe(201);
    return res.headers.getSetCookie().find((c) => c.startsWith('auth_session=')) ?? '';
  };

  it('is not Secure over plain HTTP, so logging in works on a server without TLS', async () => {
    setEnv({ APP_URL: undefined, TRUST_PROXY: undefined, TRUSTED_ORIGINS: 'http://lovelane.test' });
    const cookie = await cookieOf({});
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it('is Secure over TLS, behind a trusted proxy that says https, or when APP_URL is https', async () => {
    setEnv({ APP_URL: undefined, TRUST_PROXY: undefined, TRUSTED_ORIGINS: 'http://lovelane.test' });
    expect(await cookieOf({}, 'https://lovelane.test/api/signup.php')).toMatch(/Secure/);
    setEnv({ TRUST_PROXY: '1' });
    expect(await cookieOf({ 'x-forwarded-proto': 'https' })).toMatch(/Secure/);
    // The proxy appended what it saw (plain HTTP) to what the client wrote in front.
    expect(await cookieOf({ 'x-forwarded-proto': 'https, http' })).not.toMatch(/Secure/);
    setEnv({ TRUST_PROXY: undefined });
    expect(await cookieOf({ 'x-forwarded-proto': 'https' })).not.toMatch(/Secure/);
    setEnv({ APP_URL: 'https://lovelane.test' });
    expect(await cookieOf({})).toMatch(/Secure/);
  });
});

describe('answers', () => {
  it('compresses larger JSON answers for clients that accept it', async () => {
    const app = createApiApp();
    const plain = await app.request('/api/regions.php', { headers: { host: 'lovelane.test' } });
    const text = await plain.text();
    const br = await app.request('/api/regions.php', {
      headers: { host: 'lovelane.test', 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/);
    const compressed = Buffer.from(await br.arrayBuffer());
    expect(compressed.length).toBeLessThan(text.length / 3);
    expect(brotliDecompressSync(compressed).toString()).toBe(text);
    const gzip = await app.request('/api/regions.php', {
      headers: { host: 'lovelane.test', 'accept-encoding': 'gzip' },
    });
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(text);
  });

  it('marks every answer, success or error, as not to be sniffed', async () => {
    const app = createApiApp();
    for (const path of ['/api/regions.php', '/api/user.php', '/api/nothing-here.php']) {
      const res = await app.request(path, { headers: { host: 'lovelane.test' } });
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('answers a failed validation with 422 and each field’s error in the caller’s language', async () => {
    const res = await apiClient({ language: 'de' }).post('/api/user.php', { email: 7, password: 5 });
    expect(res.status).toBe(422);
    expect(res.json.error.code).toBe('validation_failed');
    expect(Object.keys(res.json.error.fields)).toEqual(expect.arrayContaining(['email', 'password']));
    expect(res.json.error.fields.password).toMatch(/Zeichenkette|string/i);
  });
});

describe('webhook group', () => {
  it('takes calls from outside without an Origin or cookies, and refuses routes outside its prefix', async () => {
    const seen: unknown[] = [];
    const hook = defineRoute('POST /api/webhooks/test-provider', {
      access: 'webhook',
      summary: 'A provider notification',
      body: z.object({ id: z.string() }),
      response: { status: 200, description: 'Taken', schema: z.object({ ok: z.boolean() }) },
      handler: ({ body, viewer }) => {
        seen.push({ body, viewer });
        return Promise.resolve({ ok: true });
      },
    });
    const app = new OpenAPIHono<ApiEnv>();
    mountRoutes(app, 'webhook', [hook]);
    const member = await clientFor(await createMember(db.handle().db));
    const res = await app.request('/api/webhooks/test-provider', {
      method: 'POST',
      headers: {
        host: 'lovelane.test',
        origin: 'https://payments.example',
        cookie: [...member.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ id: 'tr_1' }),
    });
    expect(res.status).toBe(200);
    expect(seen).toEqual([{ body: { id: 'tr_1' }, viewer: null }]);
    expect(() =>
      mountRoutes(new OpenAPIHono<ApiEnv>(), 'webhook', [{ ...hook, path: '/api/hook.php' }]),
    ).toThrow(/does not belong to the webhook API/);
    expect(() => mountRoutes(new OpenAPIHono<ApiEnv>(), 'member', [hook])).toThrow(/does not belong/);
  });
});

describe('operator API', () => {
  it('logs an operator in with their own cookie, which is no member session', async () => {
    const { password } = await addOperator({ email: 'ops@lovelane.test', name: 'Olga', role: 'moderator' });
    const client = apiClient();
    expect(
      (await client.post('/api/operator/session.php', { email: 'ops@lovelane.test', password: 'wrong' })).json
        .error.code,
    ).toBe('login_failed');
    const login = await client.post('/api/operator/session.php', { email: 'OPS@lovelane.test', password });
    expect(login.status).toBe(200);
    expect(login.json).toEqual({
      id: expect.any(Number),
      email: 'ops@lovelane.test',
      name: 'Olga',
      role: 'moderator',
      locale: 'en',
      secondFactor: 'enroll',
      hasPasskey: false,
    });
    expect(client.setCookieHeaders().join()).toMatch(/auth_operator=.*HttpOnly.*SameSite=Strict/);
    expect((await client.get('/api/operator/session.php')).json.role).toBe('moderator');
    // The password alone opens nothing but the second-factor step.
    expect((await client.get('/api/operator/dashboard.php')).json.error.code).toBe('second_factor_required');
    expect((await client.get('/api/user.php')).status).toBe(403);
    expect((await client.delete('/api/operator/session.php')).status).toBe(204);
    expect((await client.get('/api/operator/session.php')).status).toBe(403);
  });

  it('counts parallel wrong passwords atomically and locks the operator address', async () => {
    await addOperator({
      email: 'locked@lovelane.test',
      name: 'Lars',
      role: 'support',
      password: 'right password here',
    });
    const client = apiClient();
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        client.post('/api/operator/session.php', { email: 'locked@lovelane.test', password: 'guess' }),
      ),
    );
    expect(answers.filter((a) => a.json.error.code === 'login_failed')).toHaveLength(10);
    const right = await client.post('/api/operator/session.php', {
      email: 'locked@lovelane.test',
      password: 'right password here',
    });
    expect(right.json.error.code).toBe('account_locked');
  });
});
