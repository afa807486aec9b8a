import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { photos, profiles, sites, users, type ProfileStatus } from '@/lib/server/db/schema';
import { uniqueEmail, uniqueTag } from './unique';

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

/**
 * A confirmed member with an active profile (and `photos` photo rows), inserted straight into the
 * database so a test can set what signup cannot (invisible, fictional, last activity, status);
 * returns the member's id. The member cannot log in: use `clientFor` for their session.
 */
export async function createMember(db: Db, seed: MemberSeed = {}): Promise<number> {
  const tag = uniqueTag();
  const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.domain, 'default'));
  if (!site) throw new Error('the default site is missing');
  const [user] = await db
    .insert(users)
    .values({
      siteId: site.id,
      email: uniqueEmail('member'),
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
    name: seed.name ?? `Member${tag}`.slice(0, 24),
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
