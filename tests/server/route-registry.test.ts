// Checks every route of the API registry for access, Origin, member-id oracles and hostile input.
// New routes are covered here by being in the registry: no new test code is needed for them.
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeLabel, type Route } from '@/lib/server/api/kit/define-route';
import { ALL_ROUTES } from '@/lib/server/api/route-registry';
import { operatorAuditLog, operatorRefusalCounts, passkeys, profiles, users } from '@/lib/server/db/schema';
import { PasskeyIdSchema } from '@/lib/shared/schemas/passkeys';
import { OPERATOR_ROLE_NAMES } from '@/lib/shared/schemas/operators';
import { addOperator } from '@/lib/server/operators/add-operator';
import { operatorClient } from '../helpers/operators';
import { MAX_ROW_ID, MemberIdParamSchema, MemberIdSchema } from '@/lib/shared/schemas/ids';
import { apiClient, clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';
import { createMember } from '../factories/create-member';
import { HOSTILE_VALUES, memberIdFields, sampleFor } from '../helpers/zod-samples';

const db = withTestDatabase();
// Each test client calls from its own address (limits per address stay out of the way).
process.env.TRUST_PROXY = '1';
beforeAll(() => {
  // The write and read budgets are tested elsewhere; here every route is called many times.
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = '1000000';
  process.env.RATE_LIMIT_MEMBER_READS_PER_MINUTE = '1000000';
  return () => {
    delete process.env.RATE_LIMIT_WRITES_PER_MINUTE;
    delete process.env.RATE_LIMIT_MEMBER_READS_PER_MINUTE;
  };
});

type Client = ReturnType<typeof apiClient>;
const label = (route: Route) => routeLabel(route);

/** Calls a route with a query object and a body, as a browser on this site would. */
function call(client: Client, route: Route, input: { query?: unknown; body?: unknown }, headers = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    params.set(key, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  const path = params.size ? `${route.path}?${params}` : route.path;
  const method = route.method.toUpperCase();
  if (method === 'GET') return client.get(path, headers);
  const body = input.body ?? (route.body ? sampleFor(route.body) : undefined);
  if (method === 'POST') return client.post(path, body, headers);
  if (method === 'PUT') return client.put(path, body ?? {}, headers);
  return client.delete(path, body, headers);
}

const sampleInput = (route: Route) => ({
  query: route.query ? sampleFor(route.query) : undefined,
  body: route.body ? sampleFor(route.body) : undefined,
});

const memberRoutes = ALL_ROUTES.filter((r) => r.access === 'member' || r.access === 'confirmed-member');
const operatorRoutes = ALL_ROUTES.filter((r) => r.access === 'operator');
const mutatingRoutes = ALL_ROUTES.filter((r) => r.method !== 'get' && r.access !== 'webhook');

describe('route registry', () => {
  it('declares every route once, each under the prefix of its group', () => {
    const keys = ALL_ROUTES.map(label);
    expect(new Set(keys).size).toBe(keys.length);
    expect(memberRoutes.length).toBeGreaterThan(10);
    for (const route of ALL_ROUTES) {
      const prefix = { webhook: '/api/webhooks/', operator: '/api/operator/' }[route.access as string];
      if (prefix) expect(route.path.startsWith(prefix), label(route)).toBe(true);
    }
  });
});

describe('member routes refuse visitors', () => {
  it.each(memberRoutes.map((r) => [label(r), r] as const))(
    '%s answers 403 authentication_required without a session',
    async (_name, route) => {
      const res = await call(apiClient(), route, sampleInput(route));
      expect(res.status).toBe(403);
      expect(res.json.error.code).toBe('authentication_required');
      expect(res.json.error.message).toBe('Please log in to continue.');
    },
  );

  it.each(memberRoutes.map((r) => [label(r), r] as const))(
    '%s refuses an expired or unknown session',
    async (_name, route) => {
      const client = apiClient();
      client.cookies.set('auth_session', 'no-such-session-token');
      const res = await call(client, route, sampleInput(route));
      expect(res.json.error.code).toBe('authentication_required');
    },
  );

  it.each(memberRoutes.filter((r) => r.access === 'confirmed-member').map((r) => [label(r), r] as const))(
    '%s refuses a member who has not confirmed the e-mail address',
    async (_name, route) => {
      const id = await createMember(db.handle().db);
      await db.handle().db.update(users).set({ status: 'not_confirmed' }).where(eq(users.id, id));
      const res = await call(await clientFor(id), route, sampleInput(route));
      expect(res.status).toBe(403);
      expect(res.json.error.code).toBe('email_not_confirmed');
    },
  );
});

describe('operator routes refuse everyone but operators', () => {
  it.each(operatorRoutes.map((r) => [label(r), r] as const))(
    '%s answers 403 to a visitor and to a logged-in member',
    async (_name, route) => {
      const visitor = await call(apiClient(), route, sampleInput(route));
      expect(visitor.status).toBe(403);
      expect(visitor.json.error.code).toBe('authentication_required');
      const member = await call(
        await clientFor(await createMember(db.handle().db)),
        route,
        sampleInput(route),
      );
      expect(member.status).toBe(403);
      expect(member.json.error.code).toBe('authentication_required');
    },
  );
});

describe('operator routes: second factor, roles and the audit log', () => {
  const guarded = operatorRoutes.filter((r) => !r.isSecondFactorStep);
  type OperatorClients = Record<
    (typeof OPERATOR_ROLE_NAMES)[number],
    Awaited<ReturnType<typeof operatorClient>>
  >;
  let operators: OperatorClients;
  beforeAll(async () => {
    const entries = [];
    for (const role of OPERATOR_ROLE_NAMES) entries.push([role, await operatorClient(role)] as const);
    operators = Object.fromEntries(entries) as OperatorClients;
  });

  it.each(guarded.map((r) => [label(r), r] as const))(
    '%s stays closed to an operator who gave only the password',
    async (_name, route) => {
      const email = `half-${route.method}-${route.path.replace(/\W/g, '')}@operators.lovelane.test`;
      const { password } = await addOperator({ email, name: 'Half', role: 'admin' });
      const client = apiClient();
      expect((await client.post('/api/operator/session.php', { email, password })).status).toBe(200);
      const res = await call(client, route, sampleInput(route));
      expect(res.status).toBe(401);
      expect(res.json.error.code).toBe('second_factor_required');
    },
  );

  it.each(guarded.filter((r) => r.roles).map((r) => [label(r), r] as const))(
    '%s refuses the roles it does not name',
    async (_name, route) => {
      const refused = OPERATOR_ROLE_NAMES.filter((role) => role !== 'admin' && !route.roles?.includes(role));
      for (const role of refused) {
        const res = await call(operators[role].client, route, sampleInput(route));
        expect(res.status, role).toBe(403);
        expect(res.json.error.code, role).toBe('forbidden');
      }
    },
  );

  it.each(operatorRoutes.map((r) => [label(r), r] as const))(
    '%s writes the audit log for operators, and counts the refused calls of anyone else',
    async (_name, route) => {
      const routeName = label(route).split('?')[0] ?? '';
      const rows = () =>
        db
          .handle()
          .db.select()
          .from(operatorAuditLog)
          .where(eq(operatorAuditLog.route, label(route)))
          .orderBy(operatorAuditLog.id);
      const before = (await rows()).length;
      // Logging out ends the session: that route gets an admin of its own.
      const admin = route.method === 'delete' ? await operatorClient('admin') : operators.admin;
      const res = await call(admin.client, route, sampleInput(route));
      const after = await rows();
      expect(after.length, `${routeName} answered ${res.status}`).toBeGreaterThan(before);
      const newest = after.at(-1);
      if (route.access === 'operator') expect(newest?.operatorId).toBe(admin.operatorId);
      expect(newest?.status).toBe(res.status);
      const stranger = apiClient();
      const counted = async () => {
        const [row] = await db
          .handle()
          .db.select({ count: operatorRefusalCounts.count })
          .from(operatorRefusalCounts)
          .where(
            and(
              eq(operatorRefusalCounts.route, label(route)),
              eq(operatorRefusalCounts.ip, stranger.ip),
              eq(operatorRefusalCounts.status, 403),
            ),
          );
        return row?.count ?? 0;
      };
      const countedBefore = await counted();
      const refused = await call(stranger, route, sampleInput(route));
      expect(refused.status).toBe(403);
      expect((await rows()).length).toBe(after.length);
      expect(await counted()).toBe(countedBefore + 1);
    },
  );

  it('keeps the audit log append only, whoever asks', async () => {
    const { db: database } = db.handle();
    await expect(database.update(operatorAuditLog).set({ action: 'changed' })).rejects.toThrow();
    await expect(database.delete(operatorAuditLog)).rejects.toThrow();
    await expect(database.execute('truncate operator_audit_log')).rejects.toThrow();
  });
});

describe('state changes come only from this site', () => {
  const foreign: Record<string, string>[] = [
    { origin: 'https://evil.example' },
    { origin: 'null' },
    { origin: 'http://lovelane.test.evil.example' },
    { origin: 'null', 'sec-fetch-site': 'cross-site' },
  ];
  it.each(mutatingRoutes.map((r) => [label(r), r] as const))(
    '%s refuses a foreign Origin, even for a logged-in member',
    async (_name, route) => {
      const client = await clientFor(await createMember(db.handle().db));
      for (const headers of foreign) {
        const res = await call(client, route, sampleInput(route), headers);
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(res.json.error.code).toBe('origin_rejected');
      }
      // The member is still logged in: nothing was done on their behalf.
      expect((await client.get('/api/user.php')).status).toBe(200);
    },
  );
});

/**
 * What an answer tells the caller: the whole body of an error, the shape of a success (new rows get
 * new ids and references, which say nothing about the member).
 */
function meaning(status: number, json: unknown): unknown {
  const shape = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(shape)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
        : typeof value === 'boolean' || value === null
          ? value
          : typeof value;
  return { status, body: status >= 400 ? json : shape(json) };
}

/** Members the viewer may not see, and one that does not exist: each must look the same. */
async function hiddenMembers(): Promise<Record<string, number>> {
  const database = db.handle().db;
  const invisible = await createMember(database, { invisible: true });
  const unconfirmed = await createMember(database, { status: 'disabled' });
  await database.update(users).set({ status: 'not_confirmed' }).where(eq(users.id, unconfirmed));
  const deleted = await createMember(database, { status: 'disabled' });
  await database.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted));
  const inactive = await createMember(database);
  await database.update(profiles).set({ status: 'disabled' }).where(eq(profiles.userId, inactive));
  return { invisible, unconfirmed, deleted, inactive, nonexistent: MAX_ROW_ID };
}

const memberIdSchemas: readonly z.ZodType[] = [MemberIdSchema, MemberIdParamSchema];
const idRoutes = ALL_ROUTES.flatMap((route) => [
  ...memberIdFields(route.query, memberIdSchemas).map((field) => ({ route, field, in: 'query' as const })),
  ...memberIdFields(route.body, memberIdSchemas).map((field) => ({ route, field, in: 'body' as const })),
]);

describe('member ids: no existence oracle, no access to hidden members', () => {
  it('finds the routes that take a member id', () => {
    expect(idRoutes.map((r) => `${label(r.route)} ${r.field}`)).toEqual(
      expect.arrayContaining([
        'GET /api/member.php id',
        'POST /api/block.php member',
        'POST /api/complaint.php member',
      ]),
    );
  });

  it.each(idRoutes.map((r) => [`${label(r.route)} (${r.in}.${r.field})`, r] as const))(
    '%s answers a hidden member exactly as a nonexistent one',
    async (_name, { route, field, in: where }) => {
      const database = db.handle().db;
      const withId = (id: number) => {
        const input = sampleInput(route);
        const target = { ...((input[where] ?? {}) as Record<string, unknown>), [field]: id };
        return { ...input, [where]: target };
      };
      const visible = await createMember(database);
      // Each question from a viewer of their own, so per-member limits (complaints) stay out of the way.
      const viewer = async () => clientFor(await createMember(database));
      const shown = await call(await viewer(), route, withId(visible));
      expect(shown.status, JSON.stringify(shown.json)).toBeLessThan(300);

      const answers: Record<string, unknown> = {};
      for (const [kind, id] of Object.entries(await hiddenMembers())) {
        const res = await call(await viewer(), route, withId(id));
        answers[kind] = meaning(res.status, res.json);
      }
      const nonexistent = answers.nonexistent;
      for (const [kind, answer] of Object.entries(answers)) expect(answer, kind).toEqual(nonexistent);
    },
  );
});

/**
 * Ids of rows that belong to the caller (their passkeys), with a way to make such a row for a
 * member: a route that takes one must answer another member's row exactly like a nonexistent one.
 */
const ownedRows: readonly { schema: z.ZodType; make: (userId: number) => Promise<number> }[] = [
  {
    schema: PasskeyIdSchema,
    make: async (userId) => {
      const [row] = await db
        .handle()
        .db.insert(passkeys)
        .values({
          userId,
          credentialId: `registry-${userId}-${Math.random().toString(36).slice(2)}`,
          publicKey: 'pQECAyYgASFYIA',
          deviceType: 'singleDevice',
          aaguid: '00000000-0000-0000-0000-000000000000',
          rpId: 'lovelane.test',
          name: 'Registry passkey',
        })
        .returning({ id: passkeys.id });
      if (!row) throw new Error('no passkey inserted');
      return row.id;
    },
  },
];
const ownedIdRoutes = ALL_ROUTES.filter(
  (r) => r.access === 'member' || r.access === 'confirmed-member',
).flatMap((route) =>
  ownedRows.flatMap((owned) => [
    ...memberIdFields(route.query, [owned.schema]).map((field) => ({
      route,
      field,
      owned,
      in: 'query' as const,
    })),
    ...memberIdFields(route.body, [owned.schema]).map((field) => ({
      route,
      field,
      owned,
      in: 'body' as const,
    })),
  ]),
);

describe('ids of the caller’s own rows: another member’s look like none', () => {
  it('finds the routes that take the id of an own row', () => {
    expect(ownedIdRoutes.map((r) => `${label(r.route)} ${r.field}`)).toEqual(
      expect.arrayContaining(['PUT /api/passkeys.php id', 'DELETE /api/passkeys.php id']),
    );
  });

  it.each(ownedIdRoutes.map((r) => [`${label(r.route)} (${r.in}.${r.field})`, r] as const))(
    '%s answers another member’s row exactly as a nonexistent one',
    async (_name, { route, field, owned, in: where }) => {
      const database = db.handle().db;
      const withId = (id: number) => {
        const input = sampleInput(route);
        const target = { ...((input[where] ?? {}) as Record<string, unknown>), [field]: id };
        return { ...input, [where]: target };
      };
      const viewerId = await createMember(database);
      const own = await call(await clientFor(viewerId), route, withId(await owned.make(viewerId)));
      expect(own.status, JSON.stringify(own.json)).toBeLessThan(300);
      const foreignRow = await owned.make(await createMember(database));
      const foreign = await call(await clientFor(viewerId), route, withId(foreignRow));
      const none = await call(await clientFor(viewerId), route, withId(MAX_ROW_ID));
      expect(foreign.status).toBeGreaterThanOrEqual(400);
      expect(meaning(foreign.status, foreign.json)).toEqual(meaning(none.status, none.json));
    },
  );
});

/** Object fields of a route's query and body, for hostile values. */
const fieldsOf = (schema: z.ZodType | undefined) =>
  schema && schema._zod.def.type === 'object' ? Object.keys((schema as z.ZodObject).shape) : [];
const inputRoutes = ALL_ROUTES.filter((r) => fieldsOf(r.query).length + fieldsOf(r.body).length > 0);

describe('client input never causes a server error', () => {
  it.each(inputRoutes.map((r) => [label(r), r] as const))(
    '%s answers every hostile value with a 4xx or success',
    async (_name, route) => {
      const client = await clientFor(await createMember(db.handle().db));
      const failures: string[] = [];
      for (const where of ['query', 'body'] as const) {
        for (const field of fieldsOf(route[where])) {
          for (const value of HOSTILE_VALUES) {
            const input = sampleInput(route);
            const target = { ...((input[where] ?? {}) as Record<string, unknown>), [field]: value };
            const res = await call(client, route, { ...input, [where]: target });
            if (res.status >= 500) failures.push(`${where}.${field}=${JSON.stringify(value)}: ${res.status}`);
          }
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it('refuses a body that is too large, of the wrong type or not JSON, before any work', async () => {
    const client = apiClient();
    const big = await client.post('/api/user.php', { email: 'a@b.test', password: 'x'.repeat(70_000) });
    expect(big.status).toBe(413);
    expect(big.json.error.code).toBe('payload_too_large');
    const wrongType = await client.post(
      '/api/user.php',
      { email: 'a@b.test', password: 'x' },
      { 'content-type': 'text/plain' },
    );
    expect(wrongType.status).toBe(415);
    expect(wrongType.json.error.code).toBe('unsupported_media_type');
  });
});
