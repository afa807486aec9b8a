// Sites and settings in the operator console: administrators change a site's settings (validated,
// before and after in the audit log, every instance's cache dropped through NOTIFY), the credit
// bundles and the discount codes.
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryBus } from '@/lib/server/bus/memory-bus';
import { createPostgresBus } from '@/lib/server/bus/postgres-bus';
import { openPostgres } from '@/lib/server/db/client';
import { operatorAuditLog, sites } from '@/lib/server/db/schema';
import { findSiteForDomain, SITE_CHANGED_CHANNEL } from '@/lib/server/settings/site-cache';
import { updateSiteSettings } from '@/lib/server/settings/update-site-settings';
import { LOCALES } from '@/lib/shared/locales';
import type { SitesOverview } from '@/lib/shared/schemas/operator-sites';
import { apiClient, clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';
import { operatorClient } from '../helpers/operators';
import { createMember } from '../factories/create-member';
import { withoutRedis } from '../helpers/redis';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();
const database = () => db.handle().db;

type Operator = Awaited<ReturnType<typeof operatorClient>>;
let admin: Operator;
let support: Operator;
let moderator: Operator;
let siteId = 0;

beforeAll(async () => {
  admin = await operatorClient('admin');
  support = await operatorClient('support');
  moderator = await operatorClient('moderator');
  const [site] = await database().select({ id: sites.id }).from(sites).where(eq(sites.domain, 'default'));
  siteId = site?.id ?? 0;
});

const newestAudit = async (action: string) =>
  (
    await database()
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.action, action))
      .orderBy(desc(operatorAuditLog.id))
      .limit(1)
  )[0];

describe('site settings', () => {
  it('lists the sites with their settings, the bundles and the discount codes', async () => {
    const res = await admin.client.get('/api/operator/sites.php');
    expect(res.status).toBe(200);
    const overview = res.json as SitesOverview;
    const site = overview.sites.find((s) => s.id === siteId);
    expect(site).toMatchObject({ domain: 'default', message_credits: expect.any(Number) });
    expect(Object.keys(site?.fictional_warning ?? {}).sort()).toEqual([...LOCALES].sort());
    expect(overview.bundles.length).toBeGreaterThan(4);
    expect(overview.discount_codes.map((c) => c.code)).toContain('TIMEBONUS25');
  });

  it('changes the message credits: the member site shows it at once, and the audit log has before and after', async () => {
    const visitor = apiClient();
    const before = (await visitor.get('/api/settings.php')).json.message_credits as number;
    const next = before + 3;
    const res = await admin.client.put('/api/operator/site.php', {
      site: siteId,
      changes: { message_credits: next, signups: 'invite_only' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.site).toMatchObject({ message_credits: next, signups: 'invite_only' });
    expect((await visitor.get('/api/settings.php')).json).toMatchObject({
      message_credits: next,
      signups: 'invite_only',
    });
    expect((await visitor.get('/api/bundles.php?country=NL')).json.prices.message).toBe(next);

    const audit = await newestAudit('site.update');
    expect(audit).toMatchObject({
      operatorId: admin.operatorId,
      subjectType: 'site',
      subjectId: String(siteId),
      before: { message_credits: before, signups: 'all' },
      after: { message_credits: next, signups: 'invite_only' },
    });
    await admin.client.put('/api/operator/site.php', { site: siteId, changes: { signups: 'all' } });
  });

  it('changes the fictional wording in every language', async () => {
    const wording = Object.fromEntries(LOCALES.map((l) => [l, `Fictional (${l}) profiles exist here`]));
    const res = await admin.client.put('/api/operator/site.php', {
      site: siteId,
      changes: { fictional_warning: wording },
    });
    expect(res.status).toBe(200);
    expect((await apiClient({ language: 'de' }).get('/api/settings.php')).json.fictional_warning).toBe(
      'Fictional (de) profiles exist here',
    );
  });

  it('switches photo pre-moderation on and off', async () => {
    const visitor = apiClient();
    const on = await admin.client.put('/api/operator/site.php', {
      site: siteId,
      changes: { photo_premoderation: true },
    });
    expect(on.status).toBe(200);
    expect(on.json.site.photo_premoderation).toBe(true);
    expect((await visitor.get('/api/settings.php')).json.photo_premoderation).toBe(true);
    expect(await newestAudit('site.update')).toMatchObject({
      before: { photo_premoderation: false },
      after: { photo_premoderation: true },
    });
    await admin.client.put('/api/operator/site.php', {
      site: siteId,
      changes: { photo_premoderation: false },
    });
    expect((await visitor.get('/api/settings.php')).json.photo_premoderation).toBe(false);
  });

  it('refuses bad values with a clear error and changes nothing', async () => {
    const put = (changes: unknown) => admin.client.put('/api/operator/site.php', { site: siteId, changes });
    const negative = await put({ message_credits: -1 });
    expect(negative.status).toBe(422);
    expect(negative.json.error.fields).toHaveProperty(['changes.message_credits']);
    const oneLanguage = await put({ fictional_warning: { en: 'Only English' } });
    expect(oneLanguage.status).toBe(422);
    expect(Object.keys(oneLanguage.json.error.fields)).toContain('changes.fictional_warning.de');
    expect((await put({ niche: 8 })).status).toBe(422);
    expect((await put({ no_such_setting: true })).status).toBe(422);
    expect((await put({})).status).toBe(422);

    const costs = await put({ minimum_message_costs: { NL: { costs: 1.5, currency: 'EUR' } } });
    expect(costs.status).toBe(422);
    expect(costs.json.error.message).toMatch(
      /^Every country of the site needs a minimum message cost\. Missing: /,
    );
    const [row] = await database().select().from(sites).where(eq(sites.id, siteId));
    expect(Object.keys(row?.minimumMessageCosts ?? {}).length).toBeGreaterThan(1);
  });

  it('is for administrators only', async () => {
    for (const operator of [support, moderator]) {
      const res = await operator.client.put('/api/operator/site.php', {
        site: siteId,
        changes: { refund_days: 30 },
      });
      expect(res.status).toBe(403);
    }
    const [row] = await database().select({ days: sites.refundDays }).from(sites).where(eq(sites.id, siteId));
    expect(row?.days).not.toBe(30);
  });
});

describe('every instance sees a change at once', () => {
  it('keeps a cached site until a change drops it', async () => {
    const cached = await findSiteForDomain('default');
    // Written behind the app's back (no NOTIFY): the cache still answers what it had.
    await database().execute(sql`update sites set gift_credits = gift_credits + 1 where id = ${siteId}`);
    expect((await findSiteForDomain('default')).giftCredits).toBe(cached.giftCredits);
    await updateSiteSettings({ siteId, changes: { photo_credits: cached.photoCredits + 1 } });
    const fresh = await findSiteForDomain('default');
    expect(fresh).toMatchObject({
      giftCredits: cached.giftCredits + 1,
      photoCredits: cached.photoCredits + 1,
    });
  });

  it('tells another instance listening on the bus, once the change committed', async () => {
    const restore = await withoutRedis();
    try {
      const url = db.url();
      // On PostgreSQL a connection of its own stands for another instance; PGlite is one process,
      // where another bus of that process does.
      const connection = url ? await openPostgres(url, 1) : null;
      const other = connection
        ? createPostgresBus({ instanceId: 'other-instance', handle: () => Promise.resolve(connection) })
        : createMemoryBus({ instanceId: 'other-instance' });
      const heard: string[] = [];
      const stop = await other.subscribe(SITE_CHANGED_CHANNEL, (payload) => heard.push(payload));
      try {
        await updateSiteSettings({ siteId, changes: { refund_days: 21 } });
        await vi.waitFor(() => expect(heard).toContain(String(siteId)));
        // A change refused before it commits tells nobody.
        const count = heard.length;
        await expect(
          updateSiteSettings({ siteId, changes: { minimum_message_costs: {} } }),
        ).rejects.toMatchObject({ code: 'field_invalid' });
        await updateSiteSettings({ siteId, changes: { refund_days: 14 } });
        await vi.waitFor(() => expect(heard.length).toBe(count + 1));
      } finally {
        stop();
        await other.close();
        await connection?.close();
      }
    } finally {
      await restore();
    }
  });
});

describe('bundles', () => {
  it('adds a bundle, refuses another currency in the same country, and takes one off sale', async () => {
    const created = await admin.client.post('/api/operator/bundles.php', {
      country: 'NL',
      currency: 'EUR',
      credits: 2000,
      amount: 37500,
      position: 9,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const bundle = created.json.bundle;
    expect(bundle).toMatchObject({ credits: 2000, amount: 37500, active: true, best_value: false });
    const onSale = async () =>
      ((await apiClient().get('/api/bundles.php?country=NL')).json.bundles as { id: number }[]).map(
        (b) => b.id,
      );
    expect(await onSale()).toContain(bundle.id);

    const wrong = await admin.client.post('/api/operator/bundles.php', {
      country: 'NL',
      currency: 'USD',
      credits: 10,
      amount: 500,
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.error.message).toBe(
      'The bundles of NL are priced in EUR. Please use the same currency.',
    );

    const off = await admin.client.put('/api/operator/bundles.php', { id: bundle.id, active: false });
    expect(off.status).toBe(200);
    expect(await onSale()).not.toContain(bundle.id);
    expect(await newestAudit('bundle.update')).toMatchObject({
      before: expect.objectContaining({ active: true }),
      after: expect.objectContaining({ active: false }),
    });
    expect(
      (await admin.client.put('/api/operator/bundles.php', { id: 2147483647, active: true })).status,
    ).toBe(404);
    expect(
      (
        await support.client.post('/api/operator/bundles.php', {
          country: 'NL',
          currency: 'EUR',
          credits: 1,
          amount: 1,
        })
      ).status,
    ).toBe(403);
  });
});

describe('discount codes', () => {
  it('adds a code members can use, refuses a duplicate, and switches a code off', async () => {
    const created = await admin.client.post('/api/operator/discount-codes.php', {
      code: 'summer-15',
      value_percentage: 15,
      validity: 'unlimited',
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json.discount_code).toMatchObject({ code: 'SUMMER-15', status: 'active', redemptions: 0 });
    const member = await clientFor(await createMember(database()));
    expect((await member.get('/api/discountcode.php?code=summer-15')).json.discount_code).toMatchObject({
      value_percentage: 15,
    });

    const duplicate = await admin.client.post('/api/operator/discount-codes.php', {
      code: 'Summer-15',
      value_percentage: 20,
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.json.error.message).toBe('The discount code SUMMER-15 already exists.');
    expect(
      (await admin.client.post('/api/operator/discount-codes.php', { code: 'x', value_percentage: 10 }))
        .status,
    ).toBe(422);
    expect(
      (await admin.client.post('/api/operator/discount-codes.php', { code: 'FULL', value_percentage: 100 }))
        .status,
    ).toBe(422);

    const off = await admin.client.put('/api/operator/discount-codes.php', {
      id: created.json.discount_code.id,
      status: 'inactive',
    });
    expect(off.status).toBe(200);
    expect((await member.get('/api/discountcode.php?code=SUMMER-15')).status).toBe(404);
    const audit = await newestAudit('discount_code.update');
    expect(audit).toMatchObject({
      before: expect.objectContaining({ status: 'active' }),
      after: expect.objectContaining({ status: 'inactive' }),
    });
    const rows = await database()
      .select()
      .from(operatorAuditLog)
      .where(
        and(
          eq(operatorAuditLog.subjectType, 'discount_code'),
          eq(operatorAuditLog.action, 'discount_code.create'),
        ),
      );
    expect(rows.length).toBeGreaterThan(0);
  });
});
