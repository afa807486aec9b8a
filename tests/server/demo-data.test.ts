import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, profiles, regions, users } from '@/lib/server/db/schema';
import { REGIONS } from '@/lib/server/db/seed-data/regions';
import { DEMO_EMAIL_DOMAIN, generateDemoMember, poolCharacters } from '@/scripts/demo/generate-member';
import { DEMO_REGIONS } from '@/scripts/demo/places';
import { DEMO_LOGIN, seedDemoMembers } from '@/scripts/demo/seed-demo-members';
import { ageOn } from '@/lib/server/members/member-filters';
import { checkUsername } from '@/lib/shared/account-rules';
import { getStorage } from '@/lib/server/storage/get-storage';
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
    await getStorage().delete('demo/0.jpg');
    expect(await seedDemoMembers({ db: database(), members: MEMBERS, pool: POOL })).toEqual({
      added: 0,
      total: MEMBERS,
    });
    expect(await getStorage().get('demo/0.jpg')).not.toBeNull();
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
    expect(found.page.results.every((card) => card.main_image?.filename.startsWith('demo/'))).toBe(true);
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
