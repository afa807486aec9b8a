import 'server-only';
import { asc, eq } from 'drizzle-orm';
import { OwnProfileSchema, type OwnProfile } from '@/lib/shared/schemas/profile';
import { getDb } from '../db/client';
import { profileInterests, profiles } from '../db/schema/members';
import { AppError } from '../errors';
import { profileChoices } from './profile-choices';

/** The member's own profile, every field, for the profile editor. */
export async function getOwnProfileOrThrow(options: { userId: number }): Promise<OwnProfile> {
  const db = await getDb();
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, options.userId));
  if (!row) throw new AppError('not_found');
  const picked = await db
    .select({ id: profileInterests.interestId })
    .from(profileInterests)
    .where(eq(profileInterests.userId, options.userId))
    .orderBy(asc(profileInterests.interestId));
  return OwnProfileSchema.parse({
    id: row.userId,
    name: row.name,
    ...profileChoices(row),
    gender: row.gender,
    date_of_birth: row.dateOfBirth,
    country: row.country,
    region_id: row.regionId,
    city: row.city,
    interests: picked.map((p) => p.id),
    invisible: row.invisible,
    status: row.status,
  });
}
