import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, setProcessDatabase, type DatabaseHandle } from '@/lib/server/db/client';
import { isDatabaseUnavailable } from '@/lib/server/db/database-unavailable';
import { buildSignup } from '../factories/build-signup';
import { apiClient } from '../helpers/api';
import { resetProcessState, withTestDatabase } from '../helpers/database';

process.env.TRUST_PROXY = '1';
const postgresUrl = process.env.TEST_DATABASE_URL;

/** Builds an error the way a driver would: a message plus own properties such as `code`. */
function driverError(message: string, props: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), props);
}

describe('recognising an unreachable database', () => {
  it('recognises the connection failures of node-postgres', () => {
    const unavailable = [
      driverError('connect ECONNREFUSED 127.0.0.1:5432', {
        code: 'ECONNREFUSED',
        errno: -111,
        syscall: 'connect',
      }),
      driverError('read ECONNRESET', { code: 'ECONNRESET', errno: -104, syscall: 'read' }),
      driverError('write EPIPE', { code: 'EPIPE', syscall: 'write' }),
      driverError('connect ETIMEDOUT 10.0.0.1:5432', { code: 'ETIMEDOUT' }),
      driverError('terminating connection due to administrator command', {
        code: '57P01',
        severity: 'FATAL',
      }),
      driverError('the database system is starting up', { code: '57P03', severity: 'FATAL' }),
      driverError('connection failure', { code: '08006' }),
      driverError('Connection terminated unexpectedly'),
      driverError('Connection terminated due to connection timeout'),
      driverError('timeout exceeded when trying to connect'),
      // Node reports a refused connect to several addresses (localhost: ::1 and 127.0.0.1) like this.
      new AggregateError(
        [driverError('connect ECONNREFUSED ::1:5432', { code: 'ECONNREFUSED' })],
        'connect failed',
      ),
      // Drizzle wraps the driver's error.
      driverError('Failed query: select 1', {
        cause: driverError('read ECONNRESET', { code: 'ECONNRESET' }),
      }),
    ];
    for (const error of unavailable) expect(isDatabaseUnavailable(error), String(error)).toBe(true);
  });

  it('does not mistake bugs and bad data for an outage', () => {
    const others = [
      driverError('duplicate key value violates unique constraint "users_email_key"', { code: '23505' }),
      driverError('syntax error at or near "selec"', { code: '42601' }),
      driverError('value too long for type character varying(24)', { code: '22001' }),
      driverError('canceling statement due to statement timeout', { code: '57014' }),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      driverError('Failed query: insert', { cause: driverError('null value', { code: '23502' }) }),
      'ECONNREFUSED',
      null,
    ];
    for (const error of others) expect(isDatabaseUnavailable(error), String(error)).toBe(false);
  });
});

/** A TCP proxy in front of PostgreSQL that can be cut (connections dropped, new ones refused) and restored. */
async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((incoming) => {
    const outgoing = net.connect(target.port, target.host);
    for (const socket of [incoming, outgoing]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    incoming.pipe(outgoing).pipe(incoming);
    incoming.on('close', () => outgoing.destroy());
    outgoing.on('close', () => incoming.destroy());
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        const address = server.address();
        resolve(typeof address === 'object' && address ? address.port : 0);
      });
    });
  const port = await listen(0);
  return {
    port,
    cut: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
    restore: async () => {
      await listen(port);
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.runIf(postgresUrl)('PostgreSQL going away and coming back', () => {
  const name = `app_test_${process.pid}_outage_${randomBytes(3).toString('hex')}`;
  let admin: DatabaseHandle | null = null;
  let handle: DatabaseHandle | null = null;
  let proxy: Awaited<ReturnType<typeof startProxy>> | null = null;

  beforeAll(async () => {
    resetProcessState();
    const url = new URL(postgresUrl ?? '');
    admin = await openPostgres(url.toString(), 1);
    await admin.db.execute(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
    proxy = await startProxy({ host: url.hostname, port: Number(url.port || 5432) });
    const viaProxy = new URL(url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = `/${name}`;
    handle = await openPostgres(viaProxy.toString(), 4);
    setProcessDatabase(handle);
  });
  afterAll(async () => {
    await handle?.close().catch(() => undefined);
    await proxy?.close();
    await admin?.db.execute(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.close();
    resetProcessState();
  });

  it('answers 503 with Retry-After while the database is unreachable, then serves again with nothing lost', async () => {
    const client = apiClient();
    const input = buildSignup();
    expect((await client.post('/api/signup.php', input)).status).toBe(201);
    const before = await client.get('/api/user.php');
    expect(before.status).toBe(200);

    await proxy?.cut();
    const during = await client.get('/api/user.php');
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toBe('5');
    expect(during.json).toEqual({
      error: {
        code: 'service_unavailable',
        message: 'The service is briefly unavailable. Please try again in a few seconds.',
      },
    });
    // A login (a write path) is refused the same way rather than failing with a 500.
    const login = await apiClient().post('/api/user.php', { email: input.email, password: input.password });
    expect(login.status).toBe(503);

    await proxy?.restore();
    const after = await client.get('/api/user.php');
    expect(after.status).toBe(200);
    expect(after.json).toEqual(before.json);
    const again = apiClient();
    expect((await again.post('/api/user.php', { email: input.email, password: input.password })).status).toBe(
      200,
    );
  });
});

describe.runIf(!postgresUrl)('the embedded database closed under a running app', () => {
  const db = withTestDatabase();

  it('answers 503 with Retry-After rather than 500', async () => {
    const client = apiClient();
    expect((await client.post('/api/signup.php', buildSignup())).status).toBe(201);
    await db.handle().close();
    const closedError: unknown = await db
      .handle()
      .db.execute('select 1')
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isDatabaseUnavailable(closedError)).toBe(true);
    const res = await client.get('/api/user.php');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.json.error.code).toBe('service_unavailable');
  });
});
