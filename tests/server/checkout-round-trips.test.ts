// A checkout (POST /api/payment.php) asks the database at most three times before it calls the
// payment provider, and calls the provider outside any transaction: the payment-start budget, one
// read (bundle, code, account) and one statement that books the payment (row, code, account).
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { discountCodes } from '@/lib/server/db/schema';
import { getPaymentProvider } from '@/lib/server/payments/get-payment-provider';
import { clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';
import { createMember } from '../factories/create-member';
import { bundleIn } from './payments-helpers';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();
const database = () => db.handle().db;

interface Statement {
  sql: string;
  params: unknown[];
  /** Whether it ran inside an open transaction. */
  inTransaction: boolean;
}

/**
 * Records every statement the app sends from now on (Drizzle's session, both engines; a
 * transaction's BEGIN and COMMIT count as statements of their own), until `stop`.
 */
function recordStatements() {
  const session = (database() as unknown as { session: object }).session;
  type Method = (this: unknown, ...args: unknown[]) => unknown;
  const proto = Object.getPrototypeOf(session) as { prepareQuery: Method; transaction: Method };
  const originalPrepare = proto.prepareQuery;
  const originalTransaction = proto.transaction;
  const statements: Statement[] = [];
  let openTransactions = 0;
  let isPaused = false;
  const isPglite = db.handle().kind === 'pglite';
  proto.prepareQuery = function (this: unknown, ...args: unknown[]) {
    const query = args[0] as { sql: string; params: unknown[] };
    const text = query.sql.trim().toLowerCase();
    if (isPaused) return originalPrepare.apply(this, args);
    if (text.startsWith('begin')) openTransactions += 1;
    statements.push({ sql: query.sql, params: query.params, inTransaction: openTransactions > 0 });
    if (text === 'commit' || text === 'rollback') openTransactions -= 1;
    return originalPrepare.apply(this, args);
  };
  // PGlite runs a transaction's BEGIN and COMMIT itself, not as Drizzle statements: counted here.
  if (isPglite) {
    proto.transaction = async function (this: unknown, ...args: unknown[]) {
      if (isPaused) return originalTransaction.apply(this, args);
      statements.push({ sql: 'begin', params: [], inTransaction: true });
      openTransactions += 1;
      try {
        return await originalTransaction.apply(this, args);
      } finally {
        statements.push({ sql: 'commit', params: [], inTransaction: true });
        openTransactions -= 1;
      }
    };
  }
  return {
    statements,
    isInTransaction: () => openTransactions > 0,
    /** Leaves out what runs meanwhile (the provider's own work: the sandbox keeps its payments here). */
    pause: () => (isPaused = true),
    resume: () => (isPaused = false),
    stop: () => {
      proto.prepareQuery = originalPrepare;
      proto.transaction = originalTransaction;
    },
  };
}

/** Whether a statement belongs to the request's frame, not the checkout: the session, the write budget. */
function isRequestFrame(statement: Statement): boolean {
  if (/from "sessions"/i.test(statement.sql)) return true;
  return (
    /"rate_limits"/i.test(statement.sql) && statement.params.some((p) => String(p).startsWith('writes:'))
  );
}

/**
 * Starts a checkout and answers what the database was asked until the provider was called, and
 * whether a transaction was open at that moment.
 */
async function checkout(options: { userId: number; method: string; code?: string }) {
  const client = await clientFor(options.userId);
  const bundle = await bundleIn(database(), 'NL');
  const provider = getPaymentProvider();
  const recorder = recordStatements();
  let beforeProvider: Statement[] | null = null;
  let inTransactionAtCall: boolean | null = null;
  const originalCreatePayment = provider.createPayment.bind(provider);
  const createPayment = vi.spyOn(provider, 'createPayment').mockImplementation(async (input) => {
    beforeProvider ??= [...recorder.statements];
    inTransactionAtCall ??= recorder.isInTransaction();
    recorder.pause();
    try {
      return await originalCreatePayment(input);
    } finally {
      recorder.resume();
    }
  });
  try {
    const res = await client.post('/api/payment.php', {
      bundle: bundle.id,
      method: options.method,
      country: 'NL',
      ...(options.code ? { code: options.code } : {}),
    });
    const before = beforeProvider ?? [];
    return {
      res,
      beforeProvider: before,
      afterProvider: recorder.statements.slice(before.length),
      inTransactionAtCall,
    };
  } finally {
    recorder.stop();
    createPayment.mockRestore();
  }
}

async function onceOnlyCode(): Promise<string> {
  const code = `RT${randomBytes(4).toString('hex')}`.toUpperCase();
  await database().insert(discountCodes).values({ code, valuePercentage: 20, validity: 'once_per_user' });
  return code;
}

function describeStatements(statements: Statement[]): string {
  return statements.map((s, i) => `${i + 1}. ${s.sql.replace(/\s+/g, ' ').slice(0, 160)}`).join('\n');
}

describe('a checkout before the provider call', () => {
  beforeAll(async () => {
    // The first request of a process loads the site's settings into their cache: not measured.
    const warm = await checkout({ userId: await createMember(database()), method: 'ideal' });
    expect(warm.res.status).toBe(201);
  });

  for (const [name, method, withCode] of [
    ['iDEAL, no code', 'ideal', false],
    ['iDEAL with a once-only code', 'ideal', true],
    ['card (a first payment: the customer is made once)', 'creditcard', false],
  ] as const) {
    it(`asks the database at most 3 times and calls the provider outside a transaction: ${name}`, async () => {
      const userId = await createMember(database());
      if (method === 'creditcard') {
        // The member's customer at the provider exists from an earlier card payment.
        const first = await checkout({ userId, method });
        expect(first.res.status, JSON.stringify(first.res.json)).toBe(201);
      }
      const code = withCode ? await onceOnlyCode() : undefined;
      const { res, beforeProvider, afterProvider, inTransactionAtCall } = await checkout({
        userId,
        method,
        code,
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      expect(res.json.payment.checkout_url).toMatch(/\/sandbox\/checkout\//);
      if (code) expect(res.json.payment.discount_code).toBe(code);
      const checkoutStatements = beforeProvider.filter((s) => !isRequestFrame(s));
      expect(checkoutStatements.length, describeStatements(beforeProvider)).toBeLessThanOrEqual(3);
      expect(inTransactionAtCall).toBe(false);
      // The request's frame (session, write budget) is one statement each.
      expect(beforeProvider.length - checkoutStatements.length).toBeLessThanOrEqual(2);
      // Then one statement stores the provider's id and checkout URL and answers the payment.
      expect(afterProvider.length, describeStatements(afterProvider)).toBe(1);
    });
  }
});
