import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { getStorage } from '@/lib/server/storage/get-storage';
import { blocks, profiles, regions } from '@/lib/server/db/schema';
import { upsertSite } from '@/lib/server/settings/update-site';
import {
  MemberDetailSchema,
  SEARCH_PAGE_SIZE,
  SearchResponseSchema,
  type SearchResponse,
} from '@/lib/shared/schemas/members';
import { createMember } from '../factories/create-member';
import { apiClient, clientFor } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';

/** The ids of a country's regions. */
const regionIds = async (db: Db, country: string): Promise<number[]> =>
  (await db.select({ id: regions.id }).from(regions).where(eq(regions.country, country))).map((r) => r.id);

process.env.TRUST_PROXY = '1';
const db = withTestDatabase();
const database = () => db.handle().db;

const yearsAgo = (years: number, extraDays = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - extraDays);
  return d.toISOString().slice(0, 10);
};

async function search(client: ReturnType<typeof apiClient>, query: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await client.get(`/api/members.php?${params}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return SearchResponseSchema.strict().parse(res.json);
}
const ids = (response: SearchResponse) => response.page.results.map((r) => r.id);

describe('member search', () => {
  it('filters by gender, country, region and age, newest active first', async () => {
    const [region = 0, otherRegion = 0] = await regionIds(database(), 'AT');
    const [regionRow] = await database()
      .select({ name: regions.name })
      .from(regions)
      .where(eq(regions.id, region));
    const now = Date.now();
    const match = await createMember(database(), {
      country: 'AT',
      gender: 'female',
      regionId: region,
      dateOfBirth: yearsAgo(30),
      lastActiveAt: new Date(now - 60_000),
      photos: 2,
    });
    const newer = await createMember(database(), {
      country: 'AT',
      gender: 'female',
      regionId: region,
      dateOfBirth: yearsAgo(25),
      lastActiveAt: new Date(now),
    });
    const man = await createMember(database(), { country: 'AT', gender: 'male', regionId: region });
    const elsewhere = await createMember(database(), {
      country: 'AT',
      gender: 'female',
      regionId: otherRegion,
    });
    const tooOld = await createMember(database(), {
      country: 'AT',
      gender: 'female',
      regionId: region,
      dateOfBirth: yearsAgo(41),
    });
    // Turns 40 tomorrow: still 39, inside 20–39.
    const almost40 = await createMember(database(), {
      country: 'AT',
      gender: 'female',
      regionId: region,
      dateOfBirth: yearsAgo(40, -1),
      lastActiveAt: new Date(now - 120_000),
    });
    const viewer = await clientFor(await createMember(database(), { country: 'AT', gender: 'male' }));

    const result = await search(viewer, {
      gender: 'female',
      country: 'AT',
      countryregion: region,
      min_age: 20,
      max_age: 39,
    });
    expect(ids(result)).toEqual([newer, match, almost40]);
    expect(result.numResults).toBe(3);
    expect(ids(result)).not.toContain(man);
    expect(ids(result)).not.toContain(elsewhere);
    expect(ids(result)).not.toContain(tooOld);
    const card = result.page.results.find((r) => r.id === match);
    expect(card).toMatchObject({
      age: 30,
      country: 'AT',
      region: regionRow?.name,
      online: true,
      fictional: false,
    });
    expect(regionRow?.name).toMatch(/\w/);
    expect(card?.main_image?.filename).toBe(`p/test/${match}-0.jpg`);
    expect(result.page.results.find((r) => r.id === almost40)?.age).toBe(39);
  });

  it('pages through results, and similar results appear only when few match', async () => {
    const many: number[] = [];
    for (let i = 0; i < SEARCH_PAGE_SIZE + 3; i += 1) {
      many.push(
        await createMember(database(), {
          country: 'PL',
          gender: 'male',
          lastActiveAt: new Date(Date.now() - i * 60_000),
        }),
      );
    }
    const viewer = await clientFor(await createMember(database(), { country: 'PL', gender: 'female' }));
    const first = await search(viewer, { gender: 'male', country: 'PL' });
    expect(ids(first)).toEqual(many.slice(0, SEARCH_PAGE_SIZE));
    expect(first.hasMore).toBe(true);
    expect(first.numResults).toBe(SEARCH_PAGE_SIZE + 3);
    expect(first.similar).toBeNull();
    const second = await search(viewer, { gender: 'male', country: 'PL', page: 2 });
    expect(second.page.pageNumber).toBe(2);
    expect(ids(second)).toEqual(many.slice(SEARCH_PAGE_SIZE));
    expect(second.hasMore).toBe(false);
    const beyond = await search(viewer, { gender: 'male', country: 'PL', page: 3 });
    expect(beyond.page.results).toEqual([]);
    expect(beyond.numResults).toBe(SEARCH_PAGE_SIZE + 3);

    // Only one 30-year-old: similar results come from a wider age range, without repeats.
    await database()
      .update(profiles)
      .set({ dateOfBirth: yearsAgo(30) })
      .where(eq(profiles.userId, many[0] ?? 0));
    await database()
      .update(profiles)
      .set({ dateOfBirth: yearsAgo(33) })
      .where(eq(profiles.userId, many[1] ?? 0));
    const narrow = await search(viewer, { gender: 'male', country: 'PL', min_age: 30, max_age: 30 });
    expect(ids(narrow)).toEqual([many[0]]);
    expect(narrow.similar?.results.map((r) => r.id)).toEqual([many[1]]);
  });

  it('never shows invisible, inactive or blocked members, nor the viewer', async () => {
    const visible = await createMember(database(), { country: 'FI' });
    const invisible = await createMember(database(), { country: 'FI', invisible: true });
    const disabled = await createMember(database(), { country: 'FI', status: 'disabled' });
    const blockedByViewer = await createMember(database(), { country: 'FI' });
    const blocksViewer = await createMember(database(), { country: 'FI' });
    const viewerId = await createMember(database(), { country: 'FI' });
    const viewer = await clientFor(viewerId);
    expect((await viewer.post('/api/block.php', { member: blockedByViewer })).status).toBe(204);
    const other = await clientFor(blocksViewer);
    expect((await other.post('/api/block.php', { member: viewerId })).status).toBe(204);

    const result = await search(viewer, { country: 'FI', gender: 'female' });
    expect(ids(result)).toEqual([visible]);
    // The blocker is hidden from the blocked member as well: neither side sees the other.
    expect(ids(await search(other, { country: 'FI' }))).not.toContain(viewerId);
    for (const hidden of [invisible, disabled]) {
      expect(ids(await search(apiClient(), { country: 'FI' }))).not.toContain(hidden);
    }
  });

  it('lets visitors search only as the site allows', async () => {
    await createMember(database(), { country: 'DK' });
    const visitor = apiClient();
    expect((await visitor.get('/api/members.php?country=DK')).status).toBe(200);

    await upsertSite({
      domain: 'default',
      changes: { loggedOutSearch: false, loggedOutSearchTrafficsource: true },
    });
    const refused = await visitor.get('/api/members.php?country=DK');
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatchObject({
      code: 'search_login_required',
      message: 'Please log in or sign up to search members.',
    });
    const fromNetwork = apiClient();
    fromNetwork.cookies.set('tracking', encodeURIComponent(JSON.stringify({ network: 'adnet' })));
    expect((await fromNetwork.get('/api/members.php?country=DK')).status).toBe(200);

    await upsertSite({ domain: 'default', changes: { loggedOutSearchTrafficsource: false } });
    expect((await fromNetwork.get('/api/members.php?country=DK')).status).toBe(403);
    const german = apiClient({ language: 'de' });
    expect((await german.get('/api/members.php')).json.error.message).toBe(
      'Bitte melde dich an oder registriere dich, um Mitglieder zu suchen.',
    );
    // Members may always search.
    expect((await (await clientFor(await createMember(database()))).get('/api/members.php')).status).toBe(
      200,
    );
    await upsertSite({
      domain: 'default',
      changes: { loggedOutSearch: true, loggedOutSearchTrafficsource: true },
    });
  });

  it('limits member reads per member, with the time to wait', async () => {
    process.env.RATE_LIMIT_MEMBER_READS_PER_MINUTE = '3';
    delete (globalThis as Record<string, unknown>).__appEnv;
    try {
      const reader = await clientFor(await createMember(database()));
      // Three reads a minute: the fourth is refused (the seventh at the latest, should a minute
      // begin between two of them).
      const statuses: number[] = [];
      let refused = await reader.get('/api/members.php?country=DK');
      while (refused.status === 200 && statuses.length < 7) {
        statuses.push(refused.status);
        refused = await reader.get('/api/members.php?country=DK');
      }
      expect(statuses.length).toBeGreaterThanOrEqual(3);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.json.error.code).toBe('rate_limited');
      // Another member has a budget of their own.
      const other = await clientFor(await createMember(database()));
      expect((await other.get('/api/members.php?country=DK')).status).toBe(200);
    } finally {
      delete process.env.RATE_LIMIT_MEMBER_READS_PER_MINUTE;
      delete (globalThis as Record<string, unknown>).__appEnv;
    }
  });

  it('refuses bad filters with a field error', async () => {
    const res = await apiClient().get('/api/members.php?min_age=40&max_age=30');
    expect(res.status).toBe(422);
    expect(res.json.error.field).toBe('max_age');
    expect((await apiClient().get('/api/members.php?min_age=12')).status).toBe(422);
    expect((await apiClient().get('/api/members.php?country=nl')).status).toBe(422);
  });
});

describe('member page', () => {
  it('shows a visitor the main photo, a free member three, a premium member all', async () => {
    const id = await createMember(database(), { country: 'SE', photos: 5 });
    // The second photo's thumbnail is stored: its locked view carries a blurred preview of it.
    const red = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#d03030' } })
      .jpeg()
      .toBuffer();
    await getStorage().put(`p/test/${id}-1_t.jpg`, red, 'image/jpeg');
    const visitorView = MemberDetailSchema.parse((await apiClient().get(`/api/member.php?id=${id}`)).json);
    expect(visitorView.photos.map((p) => p.locked)).toEqual([false, true, true, true, true]);
    expect(visitorView.photos[1]).toEqual({
      locked: true,
      id: expect.any(Number),
      reason: 'login',
      preview: expect.stringMatching(/^data:image\/webp;base64,/),
    });
    // The locked photo's own files are never named; the preview is a few pixels of its colour.
    expect(JSON.stringify(visitorView.photos[1])).not.toMatch(/\.(jpe?g|png|webp)\b/);
    const preview = visitorView.photos[1]?.locked ? (visitorView.photos[1].preview ?? '') : '';
    const pixels = await sharp(Buffer.from(preview.split(',')[1] ?? '', 'base64'))
      .raw()
      .toBuffer({
        resolveWithObject: true,
      });
    expect(pixels.info.width * pixels.info.height).toBeLessThanOrEqual(12 * 16);
    expect(pixels.data[0]).toBeGreaterThan(150);
    // Without a stored thumbnail there is no preview, and the page still shows the lock.
    expect(visitorView.photos[2]).toMatchObject({ locked: true, preview: null });
    expect(JSON.stringify(visitorView.photos.slice(1))).not.toContain('.jpg');

    const free = await clientFor(await createMember(database()));
    const freeView = MemberDetailSchema.parse((await free.get(`/api/member.php?id=${id}`)).json);
    expect(freeView.photos.map((p) => p.locked)).toEqual([false, false, false, true, true]);
    expect(freeView.photos[4]).toMatchObject({ locked: true, reason: 'premium' });

    const premium = await clientFor(await createMember(database(), { paidUser: true }));
    const premiumView = MemberDetailSchema.parse((await premium.get(`/api/member.php?id=${id}`)).json);
    expect(premiumView.photos.every((p) => !p.locked)).toBe(true);
    expect(premiumView.photos[0]).toMatchObject({ image: { filename: `p/test/${id}-0.jpg` } });
  });

  it('is not found for unknown, invisible and inactive members', async () => {
    const invisible = await createMember(database(), { invisible: true });
    const disabled = await createMember(database(), { status: 'disabled' });
    for (const id of [999_999, invisible, disabled]) {
      const res = await apiClient().get(`/api/member.php?id=${id}`);
      expect(res.status).toBe(404);
    }
    // A member still sees their own page while invisible.
    expect((await (await clientFor(invisible)).get(`/api/member.php?id=${invisible}`)).status).toBe(200);
  });

  it('tells a blocked member they have no access, and lets the blocker unblock from settings', async () => {
    const blocker = await createMember(database(), { name: 'Blocker' });
    const blocked = await createMember(database(), { name: 'Blocked' });
    const blockerClient = await clientFor(blocker);
    const blockedClient = await clientFor(blocked);
    expect((await blockerClient.post('/api/block.php', { member: blocked })).status).toBe(204);
    // Blocking twice is harmless.
    expect((await blockerClient.post('/api/block.php', { member: blocked })).status).toBe(204);

    const denied = await blockedClient.get(`/api/member.php?id=${blocker}`);
    expect(denied.status).toBe(403);
    expect(denied.json.error).toMatchObject({
      code: 'blocked_by_member',
      message: 'You have been blocked by a member and have no access to this page.',
    });
    const own = await blockerClient.get(`/api/member.php?id=${blocked}`);
    expect(own.json).toMatchObject({ blocked_by_viewer: true });

    const list = await blockerClient.get('/api/blocks.php');
    expect(list.json.members).toEqual([
      { id: blocked, name: 'Blocked', blocked_at: expect.any(String), main_image: null },
    ]);
    expect((await blockerClient.delete('/api/block.php', { member: blocked })).status).toBe(204);
    expect((await blockerClient.get('/api/blocks.php')).json.members).toEqual([]);
    expect((await blockedClient.get(`/api/member.php?id=${blocker}`)).status).toBe(200);
  });

  it('refuses blocks of oneself, of unknown members, and from visitors', async () => {
    const id = await createMember(database());
    const client = await clientFor(id);
    expect((await client.post('/api/block.php', { member: id })).status).toBe(422);
    expect((await client.post('/api/block.php', { member: 999_999 })).status).toBe(404);
    expect((await apiClient().post('/api/block.php', { member: id })).status).toBe(403);
    expect((await apiClient().get('/api/blocks.php')).status).toBe(403);
    expect(await database().select().from(blocks).where(eq(blocks.blockerId, id))).toEqual([]);
  });

  it('leaves out the fields the site does not show', async () => {
    const id = await createMember(database());
    await database()
      .update(profiles)
      .set({ hairColor: 'red', city: 'Utrecht' })
      .where(eq(profiles.userId, id));
    await upsertSite({ domain: 'default', changes: { visibleProfileFields: ['age', 'city'] } });
    const detail = (await apiClient().get(`/api/member.php?id=${id}`)).json;
    expect(detail).toMatchObject({ city: 'Utrecht', hair_color: null });
    const original = (await import('@/lib/server/db/seed-data/site')).DEFAULT_SITE;
    await upsertSite({ domain: 'default', changes: { visibleProfileFields: original.visibleProfileFields } });
    expect((await apiClient().get(`/api/member.php?id=${id}`)).json).toMatchObject({ hair_color: 'red' });
  });
});
