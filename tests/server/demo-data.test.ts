import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, profiles, regions, users } from '@/lib/server/db/schema';
import { REGIONS } from '@/lib/server/db/seed-data/regions';
import { DEMO_EMAIL_DOMAIN, generateDemoMember, poolCharacters } from '@/scripts/demo/generate-member';
import { DEMO_REGIONS } from '@/scripts/demo/places';
import { DEMO_LOGIN, poolNames, seedDemoMembers } from '@/scripts/demo/seed-demo-members';
import { ageOn } from '@/lib/server/members/member-filters';
import { checkUsername } from '@/lib/shared/account-rules';
import { getStorage } from '@/lib/server/storage/get-storage';
import { serveCdn } from '@/lib/server/storage/serve-cdn';
import { SearchResponseSchema } from '@/lib/shared/schemas/members';
import { UserResponseSchema } from '@/lib/shared/schemas/user';
import { apiClient } from '../helpers/api';
import { withTestDatabase } from '../helpers/database';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-data-test-'));
process.env.TRUST_PROXY = '1';
process.env.DATA_DIR = dataDir;
const db = withTestDatabase();
const database = () => db.handle().db;
// A small pool keeps the test fast; twelve characters still cover both genders and every hair colour.
const POOL = { characters: 12, variants: 2 };
const MEMBERS = 60;
let firstRun: { added: number; total: number };

beforeAll(async () => {
  process.env.TRUST_PROXY = '1';
  process.env.DATA_DIR = dataDir;
  firstRun = await seedDemoMembers({ db: database(), members: MEMBERS, pool: POOL });
});
afterAll(() => {
  delete process.env.DATA_DIR;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const demoProfiles = () =>
  database()
    .select({
      id: profiles.userId,
      gender: profiles.gender,
      country: profiles.country,
      dateOfBirth: profiles.dateOfBirth,
      status: profiles.status,
      fictional: profiles.fictional,
      regionCountry: regions.country,
      userStatus: users.status,
      language: users.language,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoin(regions, eq(regions.id, profiles.regionId))
    .where(sql`${users.email} like ${`%@${DEMO_EMAIL_DOMAIN}`}`);

// The shape of an upload's storage name: 32 random hex characters.
const RANDOM_NAME = /^p\/([0-9a-f]{2})\/\1[0-9a-f]{30}\.jpg$/;

const demoPhotos = () =>
  database()
    .select({ id: photos.id, filename: photos.filename, thumbFilename: photos.thumbFilename })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.userId))
    .where(sql`${users.email} like ${`%@${DEMO_EMAIL_DOMAIN}`}`);

describe('demo members', () => {
  it('are confirmed members with active profiles across countries, languages and both genders', async () => {
    expect(firstRun).toEqual({ added: MEMBERS, total: MEMBERS });
    const rows = await demoProfiles();
    expect(rows).toHaveLength(MEMBERS);
    expect(rows.every((r) => r.status === 'active' && r.userStatus === 'confirmed')).toBe(true);
    expect(new Set(rows.map((r) => r.country)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(rows.map((r) => r.language)).size).toBeGreaterThanOrEqual(5);
    const women = rows.filter((r) => r.gender === 'female').length;
    expect(women).toBeGreaterThan(MEMBERS * 0.25);
    expect(women).toBeLessThan(MEMBERS * 0.75);
  });

  it('are adults up to 75, live in a region of their own country, and some are fictional', async () => {
    const rows = await demoProfiles();
    const now = new Date();
    for (const row of rows) {
      const age = ageOn(row.dateOfBirth, now);
      expect(age).toBeGreaterThanOrEqual(18);
      expect(age).toBeLessThanOrEqual(75);
      expect(row.regionCountry).toBe(row.country);
    }
    const fictional = rows.filter((r) => r.fictional).length;
    expect(fictional).toBeGreaterThan(0);
    expect(fictional).toBeLessThan(MEMBERS * 0.35);
  });

  it('have photos under random names like uploads, shared from one pool, not under guessable ones', async () => {
    const rows = await demoPhotos();
    expect(rows.length).toBeGreaterThanOrEqual(MEMBERS);
    for (const row of rows) {
      expect(row.filename).toMatch(RANDOM_NAME);
      expect(row.thumbFilename).toBe(row.filename.replace(/\.jpg$/, '_t.jpg'));
    }
    const distinct = new Set(rows.map((r) => r.filename));
    expect(distinct.size).toBeLessThanOrEqual(POOL.characters * POOL.variants);
    expect(distinct.size).toBeGreaterThan(POOL.characters);
    // Each portrait is served under its random name; the names of the old scheme answer nothing.
    const [row] = rows;
    expect((await serveCdn(new Request(`http://lovelane.test/cdn/${row?.filename}`))).status).toBe(200);
    for (const guess of ['demo/0.jpg', 'demo/0_t.jpg', 'demo/1.jpg', 'demo/23.jpg']) {
      expect((await serveCdn(new Request(`http://lovelane.test/cdn/${guess}`))).status).toBe(404);
    }
  });

  it('seeded with the old guessable names get moved to random ones, and the old URLs stop answering', async () => {
    // As a database seeded before the names were random: photos and files under demo/<n>.jpg.
    const [row] = await demoPhotos();
    const image = await getStorage().get(row?.filename ?? '');
    const thumb = await getStorage().get(row?.thumbFilename ?? '');
    if (!row || !image || !thumb) throw new Error('no demo photo to start from');
    await getStorage().put('demo/3.jpg', image.body, 'image/jpeg');
    await getStorage().put('demo/3_t.jpg', thumb.body, 'image/jpeg');
    await database()
      .update(photos)
      .set({ filename: 'demo/3.jpg', thumbFilename: 'demo/3_t.jpg' })
      .where(eq(photos.id, row.id));
    expect((await serveCdn(new Request('http://lovelane.test/cdn/demo/3.jpg'))).status).toBe(200);

    expect(await seedDemoMembers({ db: database(), members: MEMBERS, pool: POOL })).toEqual({
      added: 0,
      total: MEMBERS,
    });
    const names = await poolNames(database(), POOL);
    const [moved] = await database().select().from(photos).where(eq(photos.id, row.id));
    expect(moved).toMatchObject(names[3] ?? {});
    expect(moved?.filename).toMatch(RANDOM_NAME);
    expect((await getStorage().get(moved?.thumbFilename ?? ''))?.contentType).toBe('image/jpeg');
    expect((await serveCdn(new Request(`http://lovelane.test/cdn/${moved?.filename}`))).status).toBe(200);
    expect(await database().select().from(photos).where(like(photos.filename, 'demo/%'))).toEqual([]);
    for (const old of ['demo/3.jpg', 'demo/3_t.jpg']) {
      expect(await getStorage().get(old)).toBeNull();
      expect((await serveCdn(new Request(`http://lovelane.test/cdn/${old}`))).status).toBe(404);
    }
  });

  it('each have one main photo whose image and thumbnail are in storage', async () => {
    const rows = await database()
      .select({
        userId: photos.userId,
        filename: photos.filename,
        thumbFilename: photos.thumbFilename,
        width: photos.width,
        height: photos.height,
      })
      .from(photos)
      .innerJoin(users, eq(users.id, photos.userId))
      .where(sql`${photos.isMain} and ${users.email} like ${`%@${DEMO_EMAIL_DOMAIN}`}`);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(MEMBERS);
    expect(rows).toHaveLength(MEMBERS);
    for (const file of new Set(rows.map((r) => `${r.filename} ${r.thumbFilename}`))) {
      const [main = '', thumb = ''] = file.split(' ');
      const stored = await getStorage().get(main);
      const storedThumb = await getStorage().get(thumb);
      expect(stored?.contentType).toBe('image/jpeg');
      expect(storedThumb?.contentType).toBe('image/jpeg');
      const meta = await sharp(stored?.body).metadata();
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(1280);
      expect(rows.find((r) => r.filename === main)).toMatchObject({ width: meta.width, height: meta.height });
      const thumbMeta = await sharp(storedThumb?.body).metadata();
      expect([thumbMeta.width, thumbMeta.height]).toEqual([320, 320]);
    }
  });

  it('are not added twice, get missing portraits back, and are topped up to a larger number', async () => {
    expect(await seedDemoMembers({ db: database(), members: MEMBERS, pool: POOL })).toEqual({
      added: 0,
      total: MEMBERS,
    });
    expect(await demoProfiles()).toHaveLength(MEMBERS);
    // A portrait that went missing from storage comes back on the next run.
    const [first] = await poolNames(database(), POOL);
    await getStorage().delete(first?.filename ?? '');
    expect(await seedDemoMembers({ db: database(), members: MEMBERS, pool: POOL })).toEqual({
      added: 0,
      total: MEMBERS,
    });
    expect(await getStorage().get(first?.filename ?? '')).not.toBeNull();
    expect(await seedDemoMembers({ db: database(), members: MEMBERS + 5, pool: POOL })).toEqual({
      added: 5,
      total: MEMBERS + 5,
    });
    const logins = await database()
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_LOGIN.email));
    expect(logins).toHaveLength(1);
  });

  it('lie on the map where they have a town, and older rows without coordinates are placed on the next run', async () => {
    const placed = () =>
      database()
        .select({ id: profiles.userId, city: profiles.city, lat: profiles.lat, lon: profiles.lon })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(sql`${users.email} like ${`%@${DEMO_EMAIL_DOMAIN}`} and ${profiles.city} is not null`);
    const before = await placed();
    expect(before.length).toBeGreaterThan(10);
    // Demo towns are real towns: nearly all of them are known to the gazetteer.
    expect(before.filter((m) => m.lat !== null).length).toBeGreaterThanOrEqual(before.length * 0.9);
    const [demoLogin] = await database()
      .select({ lat: profiles.lat, lon: profiles.lon })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(users.email, DEMO_LOGIN.email));
    // Amsterdam.
    expect(demoLogin?.lat).toBeCloseTo(52.37, 1);
    expect(demoLogin?.lon).toBeCloseTo(4.89, 1);

    await database().execute(
      sql`update ${profiles} set lat = null, lon = null where ${profiles.userId} in (${sql.join(
        before.slice(0, 5).map((m) => sql`${m.id}`),
        sql`, `,
      )})`,
    );
    await seedDemoMembers({ db: database(), members: MEMBERS + 5, pool: POOL });
    const after = new Map((await placed()).map((m) => [m.id, m]));
    for (const m of before.slice(0, 5)) {
      expect(after.get(m.id)?.lat).toBe(m.lat);
      expect(after.get(m.id)?.lon).toBe(m.lon);
    }
  });

  it('can be found by the demo login, who logs in with the documented password', async () => {
    const client = apiClient();
    const login = await client.post('/api/user.php', {
      email: DEMO_LOGIN.email,
      password: DEMO_LOGIN.password,
    });
    expect(login.status, JSON.stringify(login.json)).toBe(200);
    const me = UserResponseSchema.parse((await client.get('/api/user.php')).json);
    expect(me.user.status).toBe('confirmed');
    expect(me.user.profile.main_image).not.toBeNull();

    const res = await client.get('/api/members.php?gender=female');
    expect(res.status).toBe(200);
    const found = SearchResponseSchema.parse(res.json);
    expect(found.page.results.length).toBeGreaterThan(5);
    const names = found.page.results.map((card) => card.main_image?.filename ?? '');
    expect(names.filter((name) => !RANDOM_NAME.test(name))).toEqual([]);
  });

  it('cannot log in themselves', async () => {
    const [member] = await demoProfiles();
    const [account] = await database()
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, member?.id ?? 0));
    const res = await apiClient().post('/api/user.php', {
      email: account?.email,
      password: DEMO_LOGIN.password,
    });
    expect(res.status).toBe(401);
  });
});

describe('the demo member generator', () => {
  it('knows towns for every region and makes names the signup form would accept', () => {
    expect(REGIONS.filter((r) => !DEMO_REGIONS[r.code]?.cities).map((r) => r.code)).toEqual([]);
    const shape = { characters: 75, variants: 4 };
    const pool = poolCharacters(shape);
    const now = new Date();
    const members = Array.from({ length: 3_000 }, (_, i) => generateDemoMember(i, { now, pool, shape }));
    expect(members.filter((m) => checkUsername(m.name, m.email) !== null).map((m) => m.name)).toEqual([]);
    expect(new Set(members.map((m) => m.email)).size).toBe(members.length);
    // Members with a town know where it lies; members without one lie nowhere.
    const withTown = members.filter((m) => m.city);
    expect(withTown.filter((m) => m.lat !== null && m.lon !== null).length).toBeGreaterThan(
      withTown.length * 0.9,
    );
    expect(members.filter((m) => !m.city && m.lat !== null)).toEqual([]);
    // Portraits match the profile: same gender and, where given, the same hair colour.
    for (const m of members) {
      const character = pool.all[Math.floor((m.photos[0] ?? 0) / shape.variants)];
      expect(character?.gender).toBe(m.gender);
      if (m.hairColor) expect(character?.hairColor).toBe(m.hairColor);
    }
    const online = members.filter((m) => now.getTime() - m.lastActiveAt.getTime() < 10 * 60_000).length;
    expect(online).toBeGreaterThan(members.length * 0.03);
    expect(online).toBeLessThan(members.length * 0.2);
  });
});
