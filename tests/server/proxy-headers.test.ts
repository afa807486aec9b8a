// Behind a proxy that appends to X-Forwarded-For (nginx's $proxy_add_x_forwarded_for), the client's
// address is the entry the proxy added: the entries in front of it are the client's own words.
import { NextRequest } from 'next/server';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorAuditLog } from '@/lib/server/db/schema';
import { addOperator } from '@/lib/server/operators/add-operator';
import { proxy } from '@/proxy';
import { buildSignup } from '../factories/build-signup';
import { apiClient } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';
import { stubEnv, unstubEnv } from '../helpers/env';

const db = withTestDatabase();
beforeAll(() => {
  stubEnv('TRUST_PROXY', '1');
  stubEnv('RATE_LIMIT_SIGNUPS_PER_HOUR', '5');
  stubEnv('RATE_LIMIT_MEMBER_READS_PER_MINUTE', '3');
});
afterAll(unstubEnv);

let forged = 0;
/** What nginx passes on for a client at `address` who sent an X-Forwarded-For of their own making. */
const appendedBy = (address: string) => ({
  'x-forwarded-for': `192.0.2.${(forged = (forged % 250) + 1)}, 10.${forged}.0.1, ${address}`,
});

describe('a client behind an appending proxy', () => {
  it('cannot sign up more often than the limit by writing X-Forwarded-For itself', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await apiClient().post('/api/signup.php', buildSignup(), appendedBy('203.0.113.50'));
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    // Another client behind the same proxy still signs up.
    const other = await apiClient().post('/api/signup.php', buildSignup(), appendedBy('203.0.113.51'));
    expect(other.status).toBe(201);
  });

  it('is written to the console’s audit log with the address the proxy saw', async () => {
    const email = `proxy-audit-${Date.now()}@operators.lovelane.test`;
    await addOperator({ email, name: 'Proxy Audit', role: 'admin' });
    const res = await apiClient().post(
      '/api/operator/session.php',
      { email, password: 'not the password 123' },
      appendedBy('203.0.113.60'),
    );
    expect(res.status).toBe(401);
    const [row] = await db
      .handle()
      .db.select()
      .from(operatorAuditLog)
      .where(
        and(eq(operatorAuditLog.route, 'POST /api/operator/session.php'), eq(operatorAuditLog.status, 401)),
      )
      .orderBy(desc(operatorAuditLog.id))
      .limit(1);
    expect(row?.ip).toBe('203.0.113.60');
  });

  it('cannot escape the member pages’ limit either', async () => {
    const page = (headers: Record<string, string>) =>
      proxy(
        new NextRequest('http://lovelane.test/members', {
          headers: { host: 'lovelane.test', 'x-lovelane-client-address': '10.0.0.2', ...headers },
        }),
      );
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await page(appendedBy('203.0.113.70'))).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await page(appendedBy('203.0.113.71'))).status).toBe(200);
  });

  it('gets the country of the proxy’s geo-IP header, not one written in front of it', async () => {
    const res = await apiClient().get('/api/settings.php', {
      ...appendedBy('203.0.113.80'),
      'x-geoip-country': 'BE, DE',
    });
    expect(res.json.geoip_country).toBe('DE');
  });
});
