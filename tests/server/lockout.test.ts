import { describe, expect, it } from 'vitest';
import { resetEnv } from '@/lib/server/env';
import { buildSignup } from '../factories/build-signup';
import { apiClient } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';

// Every client calls from its own address (X-Forwarded-For behind a trusted proxy).
process.env.TRUST_PROXY = '1';
process.env.RATE_LIMIT_SIGNUPS_PER_HOUR = '1000';
withTestDatabase();

async function account() {
  const input = buildSignup();
  const client = apiClient();
  expect((await client.post('/api/signup.php', input)).status).toBe(201);
  await client.post('/api/logout.php');
  return input;
}

describe('password lockout', () => {
  it('counts 25 parallel wrong guesses each, so at most 5 are tried and the right password then waits', async () => {
    const { email, password } = await account();
    const attacker = apiClient();
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        attacker.post('/api/user.php', { email, password: 'wrong guess 1234' }),
      ),
    );
    const codes: string[] = answers.map((a) => String(a.json.error.code));
    expect(codes.filter((c) => c === 'login_failed').length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 'account_locked').length).toBeGreaterThanOrEqual(20);
    const right = await attacker.post('/api/user.php', { email, password });
    expect(right.status).toBe(423);
    expect(right.json.error.message).toMatch(/^Too many incorrect attempts, account blocked for 1?\d min\.$/);
  });

  it('lets the member log in from another address while one address hammers the account', async () => {
    const { email, password } = await account();
    const attacker = apiClient();
    for (let i = 0; i < 8; i += 1)
      await attacker.post('/api/user.php', { email, password: 'wrong guess 1234' });
    expect((await attacker.post('/api/user.php', { email, password })).status).toBe(423);
    const member = apiClient();
    expect((await member.post('/api/user.php', { email, password })).status).toBe(200);
  });

  it('locks the account for everyone after 50 wrong passwords spread over many addresses', async () => {
    const { email, password } = await account();
    for (let address = 0; address < 13; address += 1) {
      const client = apiClient();
      for (let i = 0; i < 4; i += 1)
        await client.post('/api/user.php', { email, password: 'wrong guess 1234' });
    }
    const member = apiClient();
    expect((await member.post('/api/user.php', { email, password })).json.error.code).toBe('account_locked');
  });

  it('counts wrong passwords in the password change toward the same lock', async () => {
    const { email, password } = await account();
    const member = apiClient();
    expect((await member.post('/api/user.php', { email, password })).status).toBe(200);
    const change = { old_password: 'not my password 1', new_password: 'a brand new passphrase 42' };
    const codes = [];
    for (let i = 0; i < 6; i += 1)
      codes.push((await member.post('/api/password.php', change)).json.error.code);
    expect(codes.slice(0, 4)).toEqual(Array(4).fill('field_invalid'));
    expect(codes.slice(4)).toEqual(['account_locked', 'account_locked']);
    const rightOld = await member.post('/api/password.php', { ...change, old_password: password });
    expect(rightOld.json.error.code).toBe('account_locked');
  });
});

describe('address look-ups through the forms', () => {
  it('stops telling whether addresses are taken after a few e-mail changes', async () => {
    const taken = await account();
    const { email, password } = await account();
    const member = apiClient();
    expect((await member.post('/api/user.php', { email, password })).status).toBe(200);
    const codes: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await member.post('/api/mail-change.php', { new_email: taken.email, password });
      codes.push(String(res.json.error.code));
    }
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('email_taken'));
    expect(codes.slice(5)).toEqual(['rate_limited', 'rate_limited']);
  });

  it('stops telling whether addresses are taken after a few signups from one address', async () => {
    process.env.RATE_LIMIT_SIGNUPS_PER_HOUR = '5';
    resetEnv();
    const { email } = await account();
    const visitor = apiClient();
    const codes: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      codes.push(String((await visitor.post('/api/signup.php', buildSignup({ email }))).json.error.code));
    }
    process.env.RATE_LIMIT_SIGNUPS_PER_HOUR = '1000';
    resetEnv();
    expect(codes.filter((c) => c === 'email_taken').length).toBeLessThanOrEqual(5);
    expect(codes.slice(5)).toEqual(['rate_limited', 'rate_limited']);
  });
});
