import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetEnv } from '@/lib/server/env';
import { proxy } from '@/proxy';
import { withTestDatabase } from '../helpers/database';

withTestDatabase();
beforeAll(() => {
  process.env.RATE_LIMIT_MEMBER_READS_PER_MINUTE = '3';
  resetEnv();
  return () => {
    delete process.env.RATE_LIMIT_MEMBER_READS_PER_MINUTE;
    resetEnv();
  };
});

const page = (path: string, headers: Record<string, string>) =>
  proxy(new NextRequest(`http://lovelane.test${path}`, { headers: { host: 'lovelane.test', ...headers } }));

describe('rendered member pages', () => {
  it('are limited per client like the member API, with a 429 page in the visitor’s language', async () => {
    const visitor = { 'x-lovelane-client-address': '203.0.113.7', 'accept-language': 'de' };
    const statuses = [];
    for (const path of ['/members', '/members/12', '/members/13'])
      statuses.push((await page(path, visitor)).status);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await page('/members/14', visitor);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/Zu viele Anfragen/);
    // The member landings show a member too: they count against the same budget.
    for (const path of [
      '/members/14/signup',
      '/members/14/landing',
      '/members/14/landing2/berlin',
      '/members/14/landing3',
    ])
      expect((await page(path, visitor)).status, path).toBe(429);
    // Other pages, and other clients, are not held back.
    expect((await page('/', visitor)).status).toBe(200);
    expect((await page('/members/14/chat', visitor)).status).toBe(200);
    expect((await page('/members', { 'x-lovelane-client-address': '203.0.113.8' })).status).toBe(200);
  });

  it('count a logged-in member by the session, whatever address they come from', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await page('/members', {
        cookie: 'auth_session=some-session-token',
        'x-lovelane-client-address': `198.51.100.${i}`,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
