import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { purgeDeletedAccounts } from '@/lib/server/auth/purge-deleted-accounts';
import { getCreditBalance } from '@/lib/server/credits/get-credit-balance';
import { postCreditEntry } from '@/lib/server/credits/post-credit-entry';
import { companies, creditLedger, mailOutbox, sites, users } from '@/lib/server/db/schema';
import { DEFAULT_COMPANY, DEFAULT_SITE } from '@/lib/server/db/seed-data/site';
import { seedReferenceData } from '@/lib/server/reference/seed-reference-data';
import { AppError, ERROR_STATUS } from '@/lib/server/errors';
import { upsertSite } from '@/lib/server/settings/update-site';
import { apiClient, clientFor } from '../helpers/api';
import { buildSignup } from '../factories/build-signup';
import { withTestDatabase } from '../helpers/database';
import { createMember } from '../factories/create-member';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();

let refs = 0;
const ref = (what: string) => `test:${what}:${(refs += 1)}`;

async function ledgerOf(userId: number) {
  const rows = await db.handle().db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
  return { rows, sum: rows.reduce((total, row) => total + row.delta, 0) };
}

/** The text of a failed query, including the database's own message under the driver's wrapper. */
async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    return `${(error as Error).message} ${cause instanceof Error ? cause.message : ''}`;
  }
  return 'no error';
}

describe('credit ledger', () => {
  it('keeps the balance equal to the sum of mixed entries, and user.php shows it', async () => {
    const userId = await createMember(db.handle().db);
    await postCreditEntry({ userId, delta: 100, reason: 'purchase', reference: ref('buy') });
    await postCreditEntry({ userId, delta: -10, reason: 'message', reference: ref('msg') });
    await postCreditEntry({ userId, delta: -5, reason: 'photo', reference: ref('photo') });
    await postCreditEntry({ userId, delta: -20, reason: 'gift', reference: ref('gift') });
    await postCreditEntry({ userId, delta: 10, reason: 'refund', reference: ref('refund') });
    const last = await postCreditEntry({ userId, delta: -30, reason: 'chargeback', reference: ref('cb') });

    const { rows, sum } = await ledgerOf(userId);
    expect(rows).toHaveLength(6);
    expect(sum).toBe(45);
    expect(last.balance).toBe(45);
    expect(await getCreditBalance({ userId })).toBe(45);

    const me = await (await clientFor(userId)).get('/api/user.php');
    expect(me.status).toBe(200);
    expect(me.json.user.credits).toBe(45);
  });

  it('refuses a spend beyond the balance with insufficient_credits and changes nothing', async () => {
    const userId = await createMember(db.handle().db);
    await postCreditEntry({ userId, delta: 8, reason: 'purchase', reference: ref('buy') });
    const reference = ref('msg');

    const refused = postCreditEntry({ userId, delta: -9, reason: 'message', reference });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(postCreditEntry({ userId, delta: -9, reason: 'message', reference })).rejects.toMatchObject({
      code: 'insufficient_credits',
    });
    expect(ERROR_STATUS.insufficient_credits).toBe(402);

    const { rows, sum } = await ledgerOf(userId);
    expect(rows.map((row) => row.reference)).not.toContain(reference);
    expect(sum).toBe(8);
    expect(await getCreditBalance({ userId })).toBe(8);
    // A member who never had credits cannot spend either.
    const empty = await createMember(db.handle().db);
    await expect(
      postCreditEntry({ userId: empty, delta: -1, reason: 'message', reference: ref('msg') }),
    ).rejects.toMatchObject({ code: 'insufficient_credits' });
    expect(await getCreditBalance({ userId: empty })).toBe(0);
  });

  it('lets parallel spends use the balance exactly once', async () => {
    const userId = await createMember(db.handle().db);
    await postCreditEntry({ userId, delta: 50, reason: 'purchase', reference: ref('buy') });

    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        postCreditEntry({ userId, delta: -5, reason: 'message', reference: ref('msg') }),
      ),
    );
    const spent = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(spent).toHaveLength(10);
    expect(refused).toHaveLength(10);
    for (const result of refused) expect(result.reason).toMatchObject({ code: 'insufficient_credits' });

    const { rows, sum } = await ledgerOf(userId);
    expect(rows).toHaveLength(11);
    expect(sum).toBe(0);
    expect(await getCreditBalance({ userId })).toBe(0);
  });

  it('books the same reference once, also when it arrives in parallel, and returns the first entry', async () => {
    const userId = await createMember(db.handle().db);
    const reference = ref('payment');
    const first = await postCreditEntry({ userId, delta: 30, reason: 'purchase', reference });
    const again = await postCreditEntry({ userId, delta: 30, reason: 'purchase', reference });
    expect(first.created).toBe(true);
    expect(again.created).toBe(false);
    expect(again.entry.id).toBe(first.entry.id);
    expect(again.balance).toBe(30);

    const webhook = ref('webhook');
    const repeats = await Promise.all(
      Array.from({ length: 8 }, () =>
        postCreditEntry({ userId, delta: 12, reason: 'purchase', reference: webhook }),
      ),
    );
    expect(repeats.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(repeats.map((result) => result.entry.id)).size).toBe(1);

    const { rows, sum } = await ledgerOf(userId);
    expect(rows).toHaveLength(2);
    expect(sum).toBe(42);
    expect(await getCreditBalance({ userId })).toBe(42);
  });

  it('commits or rolls back with the caller transaction it is given', async () => {
    const userId = await createMember(db.handle().db);
    const reference = ref('gift');
    await expect(
      db.handle().db.transaction(async (tx) => {
        await postCreditEntry({ userId, delta: 20, reason: 'operator_correction', reference, tx });
        expect(await getCreditBalance({ userId, tx })).toBe(20);
        throw new Error('the rest of the unit of work failed');
      }),
    ).rejects.toThrow('the rest of the unit of work failed');
    expect(await getCreditBalance({ userId })).toBe(0);
    expect((await ledgerOf(userId)).rows).toHaveLength(0);

    await db.handle().db.transaction(async (tx) => {
      await postCreditEntry({ userId, delta: 20, reason: 'operator_correction', reference, tx });
      await postCreditEntry({ userId, delta: -15, reason: 'gift', reference: ref('gift'), tx });
    });
    expect(await getCreditBalance({ userId })).toBe(5);
  });

  it('has the database refuse to change or remove ledger rows, or to let a balance go negative', async () => {
    const userId = await createMember(db.handle().db);
    const { entry } = await postCreditEntry({ userId, delta: 7, reason: 'purchase', reference: ref('buy') });
    const raw = db.handle().db;

    expect(
      await failure(raw.update(creditLedger).set({ delta: 700 }).where(eq(creditLedger.id, entry.id))),
    ).toMatch(/append-only/);
    expect(await failure(raw.delete(creditLedger).where(eq(creditLedger.id, entry.id)))).toMatch(
      /append-only/,
    );
    expect(await failure(raw.execute(sql`truncate credit_ledger`))).toMatch(/append-only/);
    expect(
      await failure(raw.execute(sql`update credit_balances set balance = -1 where user_id = ${userId}`)),
    ).toMatch(/credit_balances_balance_nonnegative/);
    expect(
      await failure(
        raw.insert(creditLedger).values({ userId, delta: 0, reason: 'gift', reference: ref('zero') }),
      ),
    ).toMatch(/credit_ledger_delta_nonzero/);

    const { rows, sum } = await ledgerOf(userId);
    expect(rows).toEqual([entry]);
    expect(sum).toBe(7);
    expect(await getCreditBalance({ userId })).toBe(7);
  });

  it('keeps the ledger of an account whose personal data is purged', async () => {
    const userId = await createMember(db.handle().db);
    await postCreditEntry({ userId, delta: 15, reason: 'purchase', reference: ref('buy') });
    await db
      .handle()
      .db.update(users)
      .set({ deletedAt: new Date(Date.now() - 30 * 86_400_000) })
      .where(eq(users.id, userId));

    expect(await purgeDeletedAccounts()).toBeGreaterThanOrEqual(1);
    const [purged] = await db.handle().db.select().from(users).where(eq(users.id, userId));
    expect(purged?.status).toBe('purged');
    expect((await ledgerOf(userId)).sum).toBe(15);
    expect(await getCreditBalance({ userId })).toBe(15);
  });
});

/** The activation link of the last mail to an address. */
async function activationLink(email: string): Promise<string> {
  const [mail] = await db
    .handle()
    .db.select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const link = mail?.text.match(/\/api\/activate\.php\?token=[\w-]+/)?.[0];
  if (!link) throw new Error(`no activation link mailed to ${email}`);
  return link;
}

describe('signup credits', () => {
  it('books the site signup credits once, when the e-mail address is confirmed', async () => {
    await upsertSite({ domain: 'bonus.test', changes: { signupCredits: 25 } });
    const client = apiClient({ host: 'bonus.test' });
    const input = buildSignup();
    expect((await client.post('/api/signup.php', input)).status).toBe(201);
    // Nothing before the address is confirmed (no credits for addresses nobody reads).
    expect((await client.get('/api/user.php')).json.user.credits).toBe(0);

    const link = await activationLink(input.email);
    expect((await apiClient({ host: 'bonus.test' }).get(link)).headers.get('location')).toBe(
      '/activate/done',
    );
    expect((await client.get('/api/user.php')).json.user.credits).toBe(25);
    // The link opened again books nothing more.
    expect((await apiClient({ host: 'bonus.test' }).get(link)).headers.get('location')).toBe(
      '/activate/already',
    );
    expect((await client.get('/api/user.php')).json.user.credits).toBe(25);

    const [user] = await db
      .handle()
      .db.select({ id: users.id })
      .from(users)
      .where(eq(users.email, input.email));
    if (!user) throw new Error('the signup made no account');
    const { rows } = await ledgerOf(user.id);
    expect(rows).toMatchObject([{ delta: 25, reason: 'signup_bonus', reference: `signup:${user.id}` }]);
  });

  it('books nothing on a site without signup credits', async () => {
    await upsertSite({ domain: 'nobonus.test', changes: { signupCredits: 0 } });
    const client = apiClient({ host: 'nobonus.test' });
    const input = buildSignup();
    expect((await client.post('/api/signup.php', input)).status).toBe(201);
    expect((await apiClient({ host: 'nobonus.test' }).get(await activationLink(input.email))).status).toBe(
      302,
    );
    expect((await client.get('/api/user.php')).json.user).toMatchObject({ status: 'confirmed', credits: 0 });
    const [user] = await db
      .handle()
      .db.select({ id: users.id })
      .from(users)
      .where(eq(users.email, input.email));
    if (!user) throw new Error('the signup made no account');
    expect((await ledgerOf(user.id)).rows).toEqual([]);
  });
});

describe('welcome credits of a freshly seeded site', () => {
  it('cover a few messages: a new member’s first messages go out once the address is confirmed', async () => {
    const client = apiClient();
    const settings = (await client.get('/api/settings.php')).json;
    expect(settings.signup_credits).toBeGreaterThanOrEqual(3 * settings.message_credits);

    const recipient = await createMember(db.handle().db);
    const other = await createMember(db.handle().db);
    const input = buildSignup();
    expect((await client.post('/api/signup.php', input)).status).toBe(201);
    // The link opened three times at once books them once.
    const link = await activationLink(input.email);
    const opened = await Promise.all([1, 2, 3].map(() => apiClient().get(link)));
    expect(
      opened.map((res) => res.headers.get('location')).filter((to) => to === '/activate/done'),
    ).toHaveLength(1);
    const me = (await client.get('/api/user.php')).json.user;
    expect(me).toMatchObject({ status: 'confirmed', credits: settings.signup_credits });

    // Both conversations a free member may start.
    for (const [n, to] of [recipient, other].entries()) {
      const res = await client.post('/api/chat.php', {
        kind: 'text',
        member: to,
        client_key: `welcome-${Date.now()}-${n}`,
        text: 'Hello, nice to meet you!',
      });
      expect(res.status, JSON.stringify(res.json)).toBeLessThan(300);
    }
    expect((await client.get('/api/user.php')).json.user.credits).toBe(
      settings.signup_credits - 2 * settings.message_credits,
    );
    const [account] = await db
      .handle()
      .db.select({ id: users.id })
      .from(users)
      .where(eq(users.email, input.email));
    if (!account) throw new Error('the signup made no account');
    const { rows } = await ledgerOf(account.id);
    expect(rows.filter((row) => row.reason === 'signup_bonus')).toMatchObject([
      { delta: settings.signup_credits, reference: `signup:${account.id}` },
    ]);
  });
});

describe('welcome credits of a site seeded before they existed', () => {
  const defaultSite = async () => {
    const [site] = await db.handle().db.select().from(sites).where(eq(sites.domain, 'default'));
    if (!site) throw new Error('no default site');
    return site;
  };
  /** The default site as an earlier seed left it: made with its company at once, without credits. */
  async function seededWithoutCredits() {
    await db.handle().db.transaction(async (tx) => {
      const [company] = await tx.insert(companies).values(DEFAULT_COMPANY).returning({ id: companies.id });
      await tx
        .update(sites)
        .set({ companyId: company?.id, signupCredits: 0 })
        .where(eq(sites.domain, 'default'));
    });
  }

  it('come with the seed when nobody ever changed the site', async () => {
    await seededWithoutCredits();
    await seedReferenceData(db.handle().db);
    expect((await defaultSite()).signupCredits).toBe(DEFAULT_SITE.signupCredits);
    expect(DEFAULT_SITE.signupCredits).toBeGreaterThan(0);
  });

  it('never replace what an operator chose, 0 included', async () => {
    await seededWithoutCredits();
    // An operator confirms the site gives none (npm run db:site -- --signup-credits 0).
    await upsertSite({ domain: 'default', changes: { signupCredits: 0 } });
    await seedReferenceData(db.handle().db);
    expect((await defaultSite()).signupCredits).toBe(0);

    // Or changed something else of it: what it has stays.
    await seededWithoutCredits();
    await upsertSite({ domain: 'default', changes: { name: 'Lovelane' } });
    await seedReferenceData(db.handle().db);
    expect((await defaultSite()).signupCredits).toBe(0);

    await upsertSite({ domain: 'default', changes: { signupCredits: 5 } });
    await seedReferenceData(db.handle().db);
    expect((await defaultSite()).signupCredits).toBe(5);
    await upsertSite({ domain: 'default', changes: { signupCredits: DEFAULT_SITE.signupCredits } });
  });
});
