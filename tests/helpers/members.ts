import { eq } from 'drizzle-orm';
import { createSession, SESSION_COOKIE } from '@/lib/server/auth/sessions';
import type { Db } from '@/lib/server/db/client';
import { photos, profiles, regions, sites, users, type ProfileStatus } from '@/lib/server/db/schema';
import { apiClient } from './api';

let counter = 0;

export interface MemberSeed {
  name?: string;
  gender?: 'male' | 'female';
  country?: string;
  regionId?: number | null;
  dateOfBirth?: string;
  status?: ProfileStatus;
  invisible?: boolean;
  fictional?: boolean;
  paidUser?: boolean;
  lastActiveAt?: Date;
  photos?: number;
}

/** Inserts an active member straight into the database; returns the member's id. */
export async function insertMember(db: Db, seed: MemberSeed = {}): Promise<number> {
  counter += 1;
  const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.domain, 'default'));
  if (!site) throw new Error('the default site is missing');
  const [user] = await db
    .insert(users)
    .values({
      siteId: site.id,
      email: `member${counter}.${Date.now()}@members.test`,
      passwordHash: 'unusable',
      status: 'confirmed',
      language: 'en',
      paidUser: seed.paidUser ?? false,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('no user inserted');
  const id = user.id;
  await db.insert(profiles).values({
    userId: id,
    name: seed.name ?? `Member${counter}`,
    gender: seed.gender ?? 'female',
    dateOfBirth: seed.dateOfBirth ?? '1990-06-15',
    country: seed.country ?? 'NL',
    regionId: seed.regionId ?? null,
    status: seed.status ?? 'active',
    invisible: seed.invisible ?? false,
    fictional: seed.fictional ?? false,
    lastActiveAt: seed.lastActiveAt ?? new Date(),
  });
  for (let i = 0; i < (seed.photos ?? 0); i += 1) {
    await db.insert(photos).values({
      userId: id,
      filename: `p/test/${id}-${i}.jpg`,
      thumbFilename: `p/test/${id}-${i}_t.jpg`,
      width: 800,
      height: 800,
      bytes: 1000,
      isMain: i === 0,
      position: i,
    });
  }
  return id;
}

/** An API client logged in as the member with this id. */
export async function clientFor(userId: number, options: Parameters<typeof apiClient>[0] = {}) {
  const client = apiClient(options);
  client.cookies.set(SESSION_COOKIE, await createSession({ userId }));
  return client;
}

/** The ids of a country's regions. */
export async function regionIds(db: Db, country: string): Promise<number[]> {
  return (await db.select({ id: regions.id }).from(regions).where(eq(regions.country, country))).map(
    (r) => r.id,
  );
}
