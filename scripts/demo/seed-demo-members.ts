import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { hashPassword } from '@/lib/server/auth/passwords';
import { postCreditEntry } from '@/lib/server/credits/post-credit-entry';
import { locateTown } from '@/lib/server/geo/gazetteer';
import type { Db } from '@/lib/server/db/client';
import {
  appSecrets,
  interests,
  photos,
  profileInterests,
  profiles,
  regions,
  sites,
  users,
} from '@/lib/server/db/schema';
import { getStorage } from '@/lib/server/storage/get-storage';
import {
  DEMO_EMAIL_DOMAIN,
  generateDemoMember,
  poolCharacters,
  type DemoMember,
  type PoolShape,
} from './generate-member';
import { portraitCharacter, renderPortrait } from './portraits';

/** Demo members `db:seed` (and `npm start`) make unless told otherwise. */
export const DEFAULT_DEMO_MEMBERS = 2_500;
/** The portrait pool: 75 people in 4 pictures each, 300 images stored once and shared. */
export const DEFAULT_POOL: PoolShape = { characters: 75, variants: 4 };
/** One documented member who can log in to look around; every other demo member cannot. */
export const DEMO_LOGIN = { email: 'demo@lovelane.example', password: 'lovelane-demo-2025' } as const;
/** Credits the demo login starts with. */
export const DEMO_LOGIN_CREDITS = 100;

// Not an argon2 string, so no password ever matches it.
const NO_LOGIN_HASH = '!demo-member-without-login';
// Serialises seeders (two `npm start`s, a bench and a start) so they never add the same members.
const DEMO_LOCK_KEY = 72_640_222;
const DEMO_EMAIL_LIKE = `%@${DEMO_EMAIL_DOMAIN}`;

/** Storage names of the portraits before they were random: guessable, so they are moved away. */
const legacyPoolFiles = (n: number) => ({ filename: `demo/${n}.jpg`, thumbFilename: `demo/${n}_t.jpg` });
const LEGACY_LIKE = 'demo/%';
// The secret the portraits' storage names are derived from, made once per database.
const POOL_SECRET_NAME = 'demo_portrait_names';

export interface PoolNames {
  filename: string;
  thumbFilename: string;
}

/**
 * Storage names of pool entry `n`: shaped like an upload's (`p/<xx>/<32 hex>.jpg`), derived from a
 * secret so nobody can list the portraits by guessing, and the same in every run on one database.
 */
export function poolFiles(secret: string, n: number): PoolNames {
  const hex = createHmac('sha256', secret).update(`portrait ${n}`).digest('hex').slice(0, 32);
  const base = `p/${hex.slice(0, 2)}/${hex}`;
  return { filename: `${base}.jpg`, thumbFilename: `${base}_t.jpg` };
}

/** The names of every pool entry, from the database's secret (made on first use). */
export async function poolNames(db: Db, shape: PoolShape): Promise<PoolNames[]> {
  await db
    .insert(appSecrets)
    .values({ name: POOL_SECRET_NAME, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, POOL_SECRET_NAME));
  if (!row) throw new Error('The demo portrait secret was not stored');
  return Array.from({ length: shape.characters * shape.variants }, (_, n) => poolFiles(row.value, n));
}

interface PoolFile extends PoolNames {
  width: number;
  height: number;
  bytes: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Makes sure every picture of the pool is in storage, in the sizes an upload is stored in (main
 * image inside 1280×1280 and a 320×320 thumbnail, both JPEG): a missing one is copied from its old
 * guessable name when that is still stored, else drawn.
 */
export async function ensurePortraitPool(
  shape: PoolShape,
  names: PoolNames[],
  log: (line: string) => void,
): Promise<PoolFile[]> {
  const files: PoolFile[] = [];
  let rendered = 0;
  const total = shape.characters * shape.variants;
  const storage = getStorage();
  const one = async (n: number): Promise<PoolFile> => {
    const target = names[n];
    if (!target) throw new Error(`No storage name for portrait ${n}`);
    const [main, thumb] = await Promise.all([
      storage.get(target.filename),
      storage.get(target.thumbFilename),
    ]);
    if (main && thumb) {
      const meta = await sharp(main.body).metadata();
      return { ...target, width: meta.width ?? 0, height: meta.height ?? 0, bytes: main.body.length };
    }
    const legacy = legacyPoolFiles(n);
    const [oldMain, oldThumb] = await Promise.all([
      storage.get(legacy.filename),
      storage.get(legacy.thumbFilename),
    ]);
    const processed =
      oldMain && oldThumb
        ? { main: oldMain.body, thumb: oldThumb.body, ...(await sizeOf(oldMain.body)) }
        : await renderPortrait(portraitCharacter(Math.floor(n / shape.variants)), n % shape.variants);
    if (!oldMain || !oldThumb) rendered += 1;
    await storage.put(target.filename, processed.main, 'image/jpeg');
    await storage.put(target.thumbFilename, processed.thumb, 'image/jpeg');
    return { ...target, width: processed.width, height: processed.height, bytes: processed.main.length };
  };
  for (let start = 0; start < total; start += 4) {
    const chunk = Array.from({ length: Math.min(4, total - start) }, (_, k) => one(start + k));
    files.push(...(await Promise.all(chunk)));
  }
  if (rendered) log(`portraits: ${rendered} drawn, ${total - rendered} already stored`);
  return files;
}

async function sizeOf(image: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(image).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}

/** Whether the first and last pool pictures are stored: a cheap check before a full one. */
async function poolLooksStored(names: PoolNames[]): Promise<boolean> {
  const ends = [names[0], names.at(-1)].flatMap((f) => (f ? [f.filename, f.thumbFilename] : []));
  const found = await Promise.all(ends.map((name) => getStorage().get(name)));
  return ends.length > 0 && found.every(Boolean);
}

/** Whether a database or storage seeded before the names were random still has the old names. */
async function hasLegacyPortraits(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(like(photos.filename, LEGACY_LIKE))
    .limit(1);
  return Boolean(row) || (await getStorage().get(legacyPoolFiles(0).filename)) !== null;
}

/**
 * Points photos that still use a portrait's old guessable name at its random one, then removes the
 * old files, so the old URLs stop answering.
 */
async function migrateLegacyPortraits(db: Db, pool: PoolFile[], log: (line: string) => void): Promise<void> {
  const moved = rowsOf<{ id: number }>(
    await db.execute(sql`
      update ${photos} set filename = pool.f, thumb_filename = pool.t
      from unnest(${sql.param(pool.map((f) => f.filename))}::text[],
        ${sql.param(pool.map((f) => f.thumbFilename))}::text[]) with ordinality as pool(f, t, o)
      where ${photos.filename} = 'demo/' || (pool.o - 1) || '.jpg'
      returning ${photos.id} as id`),
  );
  const storage = getStorage();
  for (let start = 0; start < pool.length; start += 16) {
    const names = pool.slice(start, start + 16).flatMap((_, k) => {
      const legacy = legacyPoolFiles(start + k);
      return [legacy.filename, legacy.thumbFilename];
    });
    await Promise.all(names.map((name) => storage.delete(name)));
  }
  log(`portraits: ${moved.length} photos moved from guessable to random names`);
}

async function lookups(db: Db) {
  const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.domain, 'default'));
  if (!site) throw new Error('No default site: load the reference data first');
  const regionIds = new Map(
    (await db.select({ id: regions.id, code: regions.code }).from(regions)).map((r) => [r.code, r.id]),
  );
  const interestIds = new Map(
    (await db.select({ id: interests.id, slug: interests.slug }).from(interests)).map((i) => [i.slug, i.id]),
  );
  return { siteId: site.id, regionIds, interestIds };
}

/** Demo members present, and the highest member number used. */
async function demoState(db: Db): Promise<{ count: number; lastIndex: number }> {
  const result = await db.execute(sql`
    select count(*)::int as count,
      coalesce(max(substring(${users.email} from '\\.([0-9]+)@')::int), -1) as last
    from ${users} where ${users.email} like ${DEMO_EMAIL_LIKE}`);
  const [row] = rowsOf<{ count: number; last: number }>(result);
  return { count: row?.count ?? 0, lastIndex: row?.last ?? -1 };
}

const ms = (date: Date) => date.getTime();

/** Inserts one batch with a handful of set-based statements (arrays unnested server-side). */
async function insertBatch(
  tx: Db,
  members: DemoMember[],
  ctx: Awaited<ReturnType<typeof lookups>> & { pool: PoolFile[]; now: Date },
): Promise<number> {
  const inserted = rowsOf<{ id: number; email: string }>(
    await tx.execute(sql`
      insert into ${users} (site_id, email, password_hash, status, language, created_at, confirmed_at)
      select ${ctx.siteId}, e, ${NO_LOGIN_HASH}, 'confirmed', l, to_timestamp(c / 1000.0), to_timestamp(c / 1000.0)
      from unnest(${sql.param(members.map((m) => m.email))}::text[],
                  ${sql.param(members.map((m) => m.language))}::text[],
                  ${sql.param(members.map((m) => ms(m.createdAt)))}::float8[]) as t(e, l, c)
      on conflict do nothing
      returning id, email`),
  );
  const idOf = new Map(inserted.map((row) => [row.email, row.id]));
  const rows = members.flatMap((m) => {
    const id = idOf.get(m.email);
    return id === undefined ? [] : [{ id, m }];
  });
  if (rows.length === 0) return 0;

  const col = <T>(pick: (m: DemoMember) => T) => sql.param(rows.map((row) => pick(row.m)));
  await tx.execute(sql`
    insert into ${profiles} (user_id, name, gender, date_of_birth, country, status, sexuality, region_id, city,
      lat, lon, hair_color, eye_color, body_type, relationship_status, tattoos, invisible, fictional, verified, last_active_at,
      updated_at)
    select id, name, gender, dob, country, 'active', sexuality, region_id, city, lat, lon, hair, eye, body, relationship,
      tattoos, invisible, fictional, verified, to_timestamp(active / 1000.0), ${ctx.now}
    from unnest(${sql.param(rows.map((row) => row.id))}::int[], ${col((m) => m.name)}::text[],
      ${col((m) => m.gender)}::text[], ${col((m) => m.dateOfBirth)}::date[], ${col((m) => m.country)}::text[],
      ${col((m) => m.sexuality)}::text[], ${col((m) => ctx.regionIds.get(m.regionCode) ?? null)}::int[],
      ${col((m) => m.city)}::text[], ${col((m) => m.lat)}::float8[], ${col((m) => m.lon)}::float8[],
      ${col((m) => m.hairColor)}::text[], ${col((m) => m.eyeColor)}::text[],
      ${col((m) => m.bodyType)}::text[], ${col((m) => m.relationshipStatus)}::text[], ${col((m) => m.tattoos)}::text[],
      ${col((m) => m.invisible)}::boolean[], ${col((m) => m.fictional)}::boolean[],
      ${col((m) => m.verified)}::boolean[], ${col((m) => ms(m.lastActiveAt))}::float8[])
      as t(id, name, gender, dob, country, sexuality, region_id, city, lat, lon, hair, eye, body, relationship, tattoos,
        invisible, fictional, verified, active)`);

  const photoRows = rows.flatMap(({ id, m }) => m.photos.map((n, position) => ({ id, n, position, m })));
  await tx.execute(sql`
    insert into ${photos} (user_id, filename, thumb_filename, width, height, bytes, status, is_main, position, created_at)
    select u, pool.f, pool.t, pool.w, pool.h, pool.b, 'active', p = 0, p,
      to_timestamp(c / 1000.0)
    from unnest(${sql.param(photoRows.map((p) => p.id))}::int[], ${sql.param(photoRows.map((p) => p.n))}::int[],
      ${sql.param(photoRows.map((p) => p.position))}::int[],
      ${sql.param(photoRows.map((p) => ms(p.m.createdAt) + p.position * 3_600_000))}::float8[]) as t(u, n, p, c)
    join unnest(${sql.param(ctx.pool.map((f) => f.width))}::int[], ${sql.param(ctx.pool.map((f) => f.height))}::int[],
      ${sql.param(ctx.pool.map((f) => f.bytes))}::int[], ${sql.param(ctx.pool.map((f) => f.filename))}::text[],
      ${sql.param(ctx.pool.map((f) => f.thumbFilename))}::text[]) with ordinality as pool(w, h, b, f, t, o)
      on pool.o = t.n + 1`);

  // A verified demo member's photos count as checked, as a moderator's approval would leave them.
  const verifiedIds = rows.filter(({ m }) => m.verified).map(({ id }) => id);
  if (verifiedIds.length) {
    await tx.execute(sql`
      update ${photos} set verified_at = created_at
      where user_id = any(${sql.param(verifiedIds)}::int[])`);
  }

  const picked = rows.flatMap(({ id, m }) =>
    m.interests.flatMap((slug) => {
      const interestId = ctx.interestIds.get(slug);
      return interestId === undefined ? [] : [{ id, interestId }];
    }),
  );
  if (picked.length) {
    await tx.execute(sql`
      insert into ${profileInterests} (user_id, interest_id)
      select * from unnest(${sql.param(picked.map((p) => p.id))}::int[], ${sql.param(picked.map((p) => p.interestId))}::int[])
      on conflict do nothing`);
  }
  return rows.length;
}

/** The one demo member who can log in (see DEMO_LOGIN), made when missing. */
async function ensureDemoLogin(
  db: Db,
  ctx: Awaited<ReturnType<typeof lookups>> & { pool: PoolFile[] | null },
) {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_LOGIN.email}`);
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_LOGIN.password);
  await db.transaction(async (tx) => {
    const now = new Date();
    const [user] = await tx
      .insert(users)
      .values({
        siteId: ctx.siteId,
        email: DEMO_LOGIN.email,
        passwordHash,
        status: 'confirmed',
        language: 'en',
        confirmedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) return;
    await tx.insert(profiles).values({
      userId: user.id,
      name: 'Demo_Member',
      gender: 'female',
      dateOfBirth: `${now.getUTCFullYear() - 34}-04-12`,
      country: 'NL',
      status: 'active',
      sexuality: 'hetero',
      regionId: ctx.regionIds.get('NL-NH') ?? null,
      city: 'Amsterdam',
      ...locateTown({ city: 'Amsterdam', country: 'NL' }),
      hairColor: 'brown',
      eyeColor: portraitCharacter(0).eyeColor,
      bodyType: 'average',
      relationshipStatus: 'single',
      lastActiveAt: now,
    });
    const picked = ['travel', 'cooking', 'music', 'hiking'].flatMap((slug) => {
      const interestId = ctx.interestIds.get(slug);
      return interestId === undefined ? [] : [{ userId: user.id, interestId }];
    });
    if (picked.length) await tx.insert(profileInterests).values(picked);
    // Welcome credits, so the demo member can try the chat (members get theirs on confirmation).
    await postCreditEntry({
      tx,
      userId: user.id,
      delta: DEMO_LOGIN_CREDITS,
      reason: 'signup_bonus',
      reference: `signup:${user.id}`,
      now,
    });
    if (ctx.pool?.[0]) {
      // Character 0 of the pool is a brown-haired woman.
      const first = ctx.pool[0];
      await tx.insert(photos).values({
        userId: user.id,
        filename: first.filename,
        thumbFilename: first.thumbFilename,
        width: first.width,
        height: first.height,
        bytes: first.bytes,
        isMain: true,
        position: 0,
      });
    }
  });
  return true;
}

/**
 * Gives demo members seeded before towns had coordinates (lat is null, a town is set) theirs, in one
 * update over the distinct towns; towns the gazetteer does not know stay without. Returns how many
 * members got coordinates.
 */
export async function backfillDemoCoordinates(db: Db): Promise<number> {
  const towns = rowsOf<{ city: string; country: string }>(
    await db.execute(sql`
      select distinct p.city, p.country from ${profiles} p join ${users} u on u.id = p.user_id
      where p.lat is null and p.city is not null
        and (u.email like ${DEMO_EMAIL_LIKE} or lower(u.email) = ${DEMO_LOGIN.email})`),
  );
  const located = towns.flatMap((town) => {
    const spot = locateTown({ city: town.city, country: town.country.trim() });
    return spot ? [{ ...town, ...spot }] : [];
  });
  if (located.length === 0) return 0;
  const [row] = rowsOf<{ count: number }>(
    await db.execute(sql`
      with placed as (update ${profiles} p set lat = t.lat, lon = t.lon
      from unnest(${sql.param(located.map((t) => t.city))}::text[], ${sql.param(located.map((t) => t.country))}::text[],
        ${sql.param(located.map((t) => t.lat))}::float8[], ${sql.param(located.map((t) => t.lon))}::float8[])
        as t(city, country, lat, lon), ${users} u
      where p.city = t.city and p.country = t.country and p.lat is null and u.id = p.user_id
        and (u.email like ${DEMO_EMAIL_LIKE} or lower(u.email) = ${DEMO_LOGIN.email})
      returning 1)
      select count(*)::int as count from placed`),
  );
  return row?.count ?? 0;
}

export interface SeedDemoOptions {
  db: Db;
  /** How many demo members there should be; existing ones count, so a second run adds nothing. */
  members: number;
  pool?: PoolShape;
  /** Members per transaction. */
  batchSize?: number;
  now?: Date;
  log?: (line: string) => void;
}

/**
 * Tops the demo members up to `members` (never removes any) and makes the demo login. Members are
 * generated deterministically (see `generateDemoMember`) and inserted in batches, each in its own
 * transaction under an advisory lock, with their photos pointing at a shared portrait pool.
 */
export async function seedDemoMembers(options: SeedDemoOptions): Promise<{ added: number; total: number }> {
  const { db } = options;
  const shape = options.pool ?? DEFAULT_POOL;
  const batchSize = options.batchSize ?? 100_000;
  const log = options.log ?? (() => undefined);
  const now = options.now ?? new Date();
  const ctx = await lookups(db);

  const before = await demoState(db);
  const hasLogin = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${DEMO_LOGIN.email}`)
  ).length;
  const names = await poolNames(db, shape);
  const hasLegacy = await hasLegacyPortraits(db);
  const backfilled = await backfillDemoCoordinates(db);
  if (backfilled) log(`demo members: ${backfilled} placed on the map from their towns`);
  if (before.count >= options.members && hasLogin && !hasLegacy) {
    // Nothing to add; bring the portraits back if the files went missing (a new DATA_DIR or bucket).
    if (before.count > 0 && !(await poolLooksStored(names))) await ensurePortraitPool(shape, names, log);
    return { added: 0, total: before.count };
  }

  const pool = await ensurePortraitPool(shape, names, log);
  if (hasLegacy) await migrateLegacyPortraits(db, pool, log);
  if (await ensureDemoLogin(db, { ...ctx, pool })) log(`demo login ${DEMO_LOGIN.email} created`);

  const characters = poolCharacters(shape);
  let added = 0;
  let total = before.count;
  const started = Date.now();
  for (;;) {
    const step = await db.transaction(async (txDb) => {
      const tx = txDb as unknown as Db;
      await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK_KEY})`);
      const state = await demoState(tx);
      const wanted = Math.min(batchSize, options.members - state.count);
      if (wanted <= 0) return { added: 0, total: state.count };
      const batch = Array.from({ length: wanted }, (_, k) =>
        generateDemoMember(state.lastIndex + 1 + k, { now, pool: characters, shape }),
      );
      const count = await insertBatch(tx, batch, { ...ctx, pool, now });
      return { added: count, total: state.count + count };
    });
    added += step.added;
    total = step.total;
    if (step.added === 0) break;
    log(`demo members: ${total} of ${options.members} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  if (added > 0) await db.execute(sql`analyze ${users}, ${profiles}, ${photos}, ${profileInterests}`);
  return { added, total };
}
