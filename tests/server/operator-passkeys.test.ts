// An operator's passkey as the console's second factor: added after a login with the authenticator
// app, then chosen instead of the code at the second step; the audit log records both.
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { operatorAuditLog, operatorPasskeys, operatorSessions } from '@/lib/server/db/schema';
import { resetSecondFactor } from '@/lib/server/operators/second-factor';
import { apiClient } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';
import { operatorClient } from '../helpers/operators';
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

type Operator = Awaited<ReturnType<typeof operatorClient>>;

/** Adds a passkey for the operator through the console's API. */
async function addPasskey(operator: Operator, authenticator: VirtualAuthenticator) {
  const start = await operator.client.post('/api/operator/passkey-registration.php');
  expect(start.status, JSON.stringify(start.json)).toBe(200);
  const response = await authenticator.register(start.json.options);
  return operator.client.post('/api/operator/passkeys.php', { response });
}

/** Logs in with the password only: the session waits for its second factor. */
async function passwordStep(operator: Operator) {
  const client = apiClient();
  const login = await client.post('/api/operator/session.php', {
    email: operator.email,
    password: operator.password,
  });
  expect(login.status).toBe(200);
  return { client, login };
}

async function auditOf(operatorId: number, action: string) {
  return database()
    .select()
    .from(operatorAuditLog)
    .where(and(eq(operatorAuditLog.operatorId, operatorId), eq(operatorAuditLog.action, action)))
    .orderBy(desc(operatorAuditLog.id));
}

describe('an operator’s passkey', () => {
  it('is added after a login with the authenticator app, and recorded', async () => {
    const operator = await operatorClient('support');
    const before = await operator.client.get('/api/operator/passkeys.php');
    expect(before.json).toEqual({ passkeys: [], can_add: true });
    const authenticator = new VirtualAuthenticator({ origin: ORIGIN });
    const added = await addPasskey(operator, authenticator);
    expect(added.status, JSON.stringify(added.json)).toBe(201);
    expect(added.json.passkeys).toHaveLength(1);
    const [record] = await auditOf(operator.operatorId, 'operator.passkey_add');
    expect(record?.after).toEqual({ passkey: added.json.added.id, name: added.json.added.name });
  });

  it('opens the console at the second step instead of the code', async () => {
    const operator = await operatorClient('moderator');
    const authenticator = new VirtualAuthenticator({ origin: ORIGIN });
    const added = await addPasskey(operator, authenticator);

    const { client, login } = await passwordStep(operator);
    expect(login.json).toMatchObject({ secondFactor: 'verify', hasPasskey: true });
    expect((await client.get('/api/operator/dashboard.php')).json.error.code).toBe('second_factor_required');
    const start = await client.post('/api/operator/passkey-challenge.php');
    expect(start.status).toBe(200);
    expect(credentialIds(start.json.options.allowCredentials)).toEqual([...authenticator.credentials.keys()]);
    const response = await authenticator.authenticate(start.json.options);
    const verified = await client.post('/api/operator/second-factor.php?passkey=1', { response });
    expect(verified.status, JSON.stringify(verified.json)).toBe(200);
    expect(verified.json.secondFactor).toBeNull();
    expect((await client.get('/api/operator/dashboard.php')).status).toBe(200);

    const [record] = await auditOf(operator.operatorId, 'operator.second_factor');
    expect(record?.after).toEqual({
      method: 'passkey',
      passkey: added.json.added.id,
      name: added.json.added.name,
    });
    expect(record?.route).toBe('POST /api/operator/second-factor.php?passkey=1');
    const [totp] = await auditOf(operator.operatorId, 'operator.second_factor').then((rows) =>
      rows.filter((row) => row.route === 'POST /api/operator/second-factor.php'),
    );
    expect(totp?.after).toEqual({ method: 'totp' });

    // The same answer again opens nothing.
    const { client: other } = await passwordStep(operator);
    const replay = await other.post('/api/operator/second-factor.php?passkey=1', { response });
    expect(replay.json.error.code).toBe('passkey_challenge_expired');
  });

  it('cannot vouch for another passkey: adding one needs the app’s code in this session', async () => {
    const operator = await operatorClient('admin');
    const authenticator = new VirtualAuthenticator({ origin: ORIGIN });
    await addPasskey(operator, authenticator);
    const { client } = await passwordStep(operator);
    const start = await client.post('/api/operator/passkey-challenge.php');
    await client.post('/api/operator/second-factor.php?passkey=1', {
      response: await authenticator.authenticate(start.json.options),
    });
    expect((await client.get('/api/operator/passkeys.php')).json.can_add).toBe(false);
    const refused = await client.post('/api/operator/passkey-registration.php');
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('recent_sign_in_required');
  });

  it('is only the operator’s own, and counts against the second factor’s attempts', async () => {
    const owner = await operatorClient('support');
    const authenticator = new VirtualAuthenticator({ origin: ORIGIN });
    await addPasskey(owner, authenticator);
    const other = await operatorClient('support');
    // An operator without a passkey gets no challenge.
    const { client } = await passwordStep(other);
    expect((await client.post('/api/operator/passkey-challenge.php')).json.error.code).toBe(
      'passkey_unknown',
    );
    await addPasskey(other, new VirtualAuthenticator({ origin: ORIGIN }));
    const { client: second } = await passwordStep(other);
    const start = await second.post('/api/operator/passkey-challenge.php');
    const borrowed = await authenticator.authenticate(start.json.options, {
      credentialId: [...authenticator.credentials.keys()][0],
    });
    const res = await second.post('/api/operator/second-factor.php?passkey=1', { response: borrowed });
    expect(res.json.error.code).toBe('passkey_unknown');
    expect((await second.get('/api/operator/dashboard.php')).json.error.code).toBe('second_factor_required');
    // Codes and passkeys share five attempts per quarter of an hour.
    const codes: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const again = await second.post('/api/operator/passkey-challenge.php');
      const answer = await authenticator.authenticate(again.json.options, {
        credentialId: [...authenticator.credentials.keys()][0],
      });
      codes.push(
        (await second.post('/api/operator/second-factor.php?passkey=1', { response: answer })).json.error
          .code,
      );
    }
    expect(codes.at(-1)).toBe('account_locked');
    expect((await second.post('/api/operator/second-factor.php', { code: '123456' })).json.error.code).toBe(
      'account_locked',
    );
  });

  it('is removed by the operator, and with a reset of the second factor', async () => {
    const operator = await operatorClient('support');
    const first = await addPasskey(operator, new VirtualAuthenticator({ origin: ORIGIN }));
    await addPasskey(operator, new VirtualAuthenticator({ origin: ORIGIN }));
    const removed = await operator.client.delete('/api/operator/passkeys.php', { id: first.json.added.id });
    expect(removed.status).toBe(200);
    expect(removed.json.passkeys).toHaveLength(1);
    const [record] = await auditOf(operator.operatorId, 'operator.passkey_remove');
    expect(record?.before).toEqual({ passkey: first.json.added.id, name: first.json.added.name });

    await resetSecondFactor({ operatorId: operator.operatorId });
    expect(
      await database()
        .select()
        .from(operatorPasskeys)
        .where(eq(operatorPasskeys.operatorId, operator.operatorId)),
    ).toEqual([]);
    expect(
      await database()
        .select()
        .from(operatorSessions)
        .where(eq(operatorSessions.operatorId, operator.operatorId)),
    ).toEqual([]);
  });
});
