import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { profiles } from '../db/schema/members';
import { photos } from '../db/schema/photos';
import { regions } from '../db/schema/reference';
import type { MemberCardValues } from '../mail/templates/notification-parts';
import { ageOn, visibleProfile } from '../members/member-filters';
import { photoAddress, type SiteAddress } from './notification-links';

/**
 * Members as a notification mail shows them, by id: only members the reader may see (active,
 * visible, no block either way), with their main photo when it is active — the photo every member
 * sees. Members missing from the answer must not be mentioned.
 */
export async function loadMemberCards(
  db: DbOrTx,
  options: { viewerId: number; memberIds: readonly number[]; site: SiteAddress; now: Date },
): Promise<Map<number, MemberCardValues>> {
  const ids = [...new Set(options.memberIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: profiles.userId,
      name: profiles.name,
      dateOfBirth: profiles.dateOfBirth,
      city: profiles.city,
      region: regions.name,
      thumb: photos.thumbFilename,
    })
    .from(profiles)
    .leftJoin(regions, eq(regions.id, profiles.regionId))
    .leftJoin(
      photos,
      and(eq(photos.userId, profiles.userId), eq(photos.isMain, true), eq(photos.status, 'active')),
    )
    .where(
      and(
        inArray(profiles.userId, ids),
        visibleProfile,
        sql`not exists (select 1 from blocks b where (b.blocker_id = ${options.viewerId} and b.blocked_id = ${profiles.userId})
          or (b.blocker_id = ${profiles.userId} and b.blocked_id = ${options.viewerId}))`,
      ),
    );
  const origin = options.site.origin;
  return new Map(
    rows.map((row) => [
      row.id,
      {
        name: row.name,
        age: ageOn(row.dateOfBirth, options.now),
        place: row.city ?? row.region ?? null,
        link: `${origin}/members/${row.id}`,
        photo: row.thumb ? photoAddress(options.site, row.thumb) : null,
      },
    ]),
  );
}
