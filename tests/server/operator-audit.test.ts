// The console's audit log: calls nobody logged in to are counted, not written a row each, and
// limited per address; failed logins keep a row each; the admin filters the log.
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorAuditLog } from '@/lib/server/db/schema';
import { addOperator } from '@/lib/server/operators/add-operator';
import type { AuditEntry } from '@/lib/shared/schemas/operators';
import { apiClient } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';
import { stubEnv, unstubEnv } from '../helpers/env';
import { operatorClient } from '../helpers/operators';

const db = withTestDatabase();
beforeAll(() => stubEnv('TRUST_PROXY', '1'));
afterAll(unstubEnv);

const DASHBOARD = 'GET /api/operator/dashboard.php';
const from = (address: string) => ({ 'x-forwarded-for': address });

/** Rows of the audit log no operator stands behind, for a route. */
async function anonymousRows(route: string): Promise<number> {
  const [row] = await db
    .handle()
    .db.select({ n: count() })
    .from(operatorAuditLog)
    .where(and(eq(operatorAuditLog.route, route), isNull(operatorAuditLog.operatorId)));
  return row?.n ?? 0;
}

interface AuditPage {
  entries: AuditEntry[];
  next: number | null;
  refusals: {
    calls: number;
    addresses: number;
    rows: { ip: string; route: string; status: number; count: number; windowStart: string }[];
  } | null;
}

describe('console calls without a login', () => {
  it('are counted per address and hour instead of written sixty rows, and limited per address', async () => {
    const admin = await operatorClient('admin');
    const rowsBefore = await anonymousRows(DASHBOARD);
    const visitor = apiClient();
    const answers = [];
    for (let i = 0; i < 60; i += 1)
      answers.push(await visitor.get('/api/operator/dashboard.php', from('203.0.113.90')));
    expect(await anonymousRows(DASHBOARD)).toBe(rowsBefore);

    // Refused at first, then held back for a while.
    expect(answers[0]?.status).toBe(403);
    const last = answers.at(-1);
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    const refused = answers.filter((a) => a.status === 403).length;
    expect(refused).toBeGreaterThanOrEqual(10);
    expect(refused).toBeLessThan(60);
    // The limit is the address's: another address is merely refused, and an operator logged in
    // behind the same address works on.
    expect((await apiClient().get('/api/operator/dashboard.php', from('203.0.113.91'))).status).toBe(403);
    expect((await admin.client.get('/api/operator/dashboard.php', from('203.0.113.90'))).status).toBe(200);
    // A login from the held-back address waits too, and is not written down.
    const email = `held-back-${Date.now()}@operators.lovelane.test`;
    const { password } = await addOperator({ email, name: 'Held Back', role: 'support' });
    const login = await apiClient().post(
      '/api/operator/session.php',
      { email, password },
      from('203.0.113.90'),
    );
    expect(login.status).toBe(429);

    // The admin sees one summary of the sixty calls, not sixty entries.
    const page = (await admin.client.get('/api/operator/audit.php?address=203.0.113.90')).json as AuditPage;
    expect(page.entries.filter((e) => e.operatorId === null)).toEqual([]);
    expect(page.refusals?.addresses).toBe(1);
    const dashboardCalls = page.refusals?.rows.filter((r) => r.route === DASHBOARD) ?? [];
    expect(dashboardCalls.reduce((sum, r) => sum + r.count, 0)).toBe(60);
    const counted403 = dashboardCalls.filter((r) => r.status === 403).reduce((sum, r) => sum + r.count, 0);
    expect(counted403).toBe(refused);
    expect(page.refusals?.calls).toBe(61);
    expect(dashboardCalls.every((r) => r.ip === '203.0.113.90')).toBe(true);
  });

  it('still writes each failed login on a row of its own, naming the account tried', async () => {
    const email = `tried-${Date.now()}@operators.lovelane.test`;
    const { operatorId } = await addOperator({ email, name: 'Tried', role: 'moderator' });
    const statuses = [];
    for (let i = 0; i < 2; i += 1) {
      const res = await apiClient().post(
        '/api/operator/session.php',
        { email, password: `wrong password ${i}` },
        from('203.0.113.95'),
      );
      statuses.push(res.status);
    }
    await apiClient().post(
      '/api/operator/session.php',
      { email: 'nobody-here@operators.lovelane.test', password: 'a guess' },
      from('203.0.113.95'),
    );
    expect(statuses).toEqual([401, 401]);
    const rows = await db
      .handle()
      .db.select()
      .from(operatorAuditLog)
      .where(
        and(eq(operatorAuditLog.action, 'operator.log_in_failed'), eq(operatorAuditLog.ip, '203.0.113.95')),
      )
      .orderBy(operatorAuditLog.id);
    expect(rows).toHaveLength(3);
    expect(rows.slice(0, 2)).toEqual([
      expect.objectContaining({
        operatorId: null,
        status: 401,
        subjectType: 'operator',
        subjectId: String(operatorId),
      }),
      expect.objectContaining({
        operatorId: null,
        status: 401,
        subjectType: 'operator',
        subjectId: String(operatorId),
      }),
    ]);
    // An address no account has is named by no one.
    expect(rows[2]).toMatchObject({ operatorId: null, status: 401, subjectType: null, subjectId: null });
  });
});

describe('the audit view', () => {
  it('filters by operator, route or action, outcome, address and time', async () => {
    const admin = await operatorClient('admin');
    const support = await operatorClient('support');
    expect((await support.client.get('/api/operator/dashboard.php')).status).toBe(200);
    expect((await support.client.get('/api/operator/audit.php')).status).toBe(403);
    const list = async (query: string) =>
      (
        (await admin.client.get(`/api/operator/audit.php?operatorId=${support.operatorId}&${query}`))
          .json as AuditPage
      ).entries;

    const refused = await list('outcome=refused');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((e) => e.status >= 400 && e.status < 500)).toBe(true);
    expect(refused.some((e) => e.route === 'GET /api/operator/audit.php')).toBe(true);
    const succeeded = await list('outcome=succeeded');
    expect(succeeded.some((e) => e.route === DASHBOARD)).toBe(true);
    expect(succeeded.every((e) => e.status < 400)).toBe(true);

    const byRoute = await list('action=dashboard');
    expect(byRoute.length).toBeGreaterThan(0);
    expect(byRoute.every((e) => e.route === DASHBOARD)).toBe(true);
    const byAction = await list('action=operator.second_factor');
    expect(byAction.map((e) => e.action)).toContain('operator.second_factor');
    expect(byAction.every((e) => `${e.action} ${e.route}`.includes('second_factor'))).toBe(true);

    const byAddress = (await admin.client.get(`/api/operator/audit.php?address=${support.client.ip}`))
      .json as AuditPage;
    expect(byAddress.entries.length).toBeGreaterThan(0);
    expect(byAddress.entries.every((e) => e.ip === support.client.ip)).toBe(true);

    const hour = 3_600_000;
    const since = new Date(Date.now() - hour).toISOString();
    const until = new Date(Date.now() + hour).toISOString();
    expect((await list(`from=${since}&to=${until}`)).length).toBeGreaterThan(0);
    expect(await list(`from=${until}`)).toEqual([]);
    expect(await list(`to=${since}`)).toEqual([]);

    // A filter that names an operator leaves out calls nobody logged in to.
    const withOperator = (await admin.client.get(`/api/operator/audit.php?operatorId=${support.operatorId}`))
      .json as AuditPage;
    expect(withOperator.refusals).toBeNull();
    const badOutcome = await admin.client.get('/api/operator/audit.php?outcome=maybe');
    expect(badOutcome.status).toBe(422);
  });
});
