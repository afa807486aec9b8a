import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { isServedCountry } from '@/lib/shared/constants';
import type { OwnProfile, ProfileUpdate } from '@/lib/shared/schemas/profile';
import { getDb } from '../db/client';
import { profileInterests, profiles } from '../db/schema/members';
import { interests, regions } from '../db/schema/reference';
import { AppError } from '../errors';
import { locateTown } from '../geo/gazetteer';
import { getOwnProfileOrThrow } from './get-own-profile';
import { forgetShownMembers } from './forget-shown-members';
import { dropLikePartnersCaches } from './like-partners';
import { dropViewerCaches } from './viewer-caches';

const fieldError = (field: string) => new AppError('field_invalid', { field });

/**
 * Saves the fields a member changed. The region must lie in the profile's country (a new country
 * without a region clears it), and only known interests are kept. A changed town or country
 * updates where the member lies (lat, lon) from the gazetteer.
 */
export async function updateOwnProfile(options: {
  userId: number;
  changes: ProfileUpdate;
  now?: Date;
}): Promise<OwnProfile> {
  const { changes } = options;
  const db = await getDb();
  const [current] = await db
    .select({
      country: profiles.country,
      regionId: profiles.regionId,
      city: profiles.city,
      invisible: profiles.invisible,
    })
    .from(profiles)
    .where(eq(profiles.userId, options.userId));
  if (!current) throw new AppError('not_found');

  if (changes.country !== undefined && !isServedCountry(changes.country)) throw fieldError('country');
  const country = changes.country ?? current.country;
  let regionId = changes.region_id !== undefined ? changes.region_id : current.regionId;
  if (changes.region_id) {
    const [region] = await db
      .select({ country: regions.country })
      .from(regions)
      .where(eq(regions.id, changes.region_id));
    if (region?.country !== country) throw fieldError('region_id');
  } else if (
    changes.country !== undefined &&
    changes.country !== current.country &&
    changes.region_id === undefined
  ) {
    regionId = null;
  }
  if (changes.interests?.length) {
    const known = await db
      .select({ id: interests.id })
      .from(interests)
      .where(inArray(interests.id, changes.interests));
    if (known.length !== new Set(changes.interests).size) throw fieldError('interests');
  }

  // A new town or country moves the member on the map (nowhere, for a town the gazetteer does not know).
  const city = changes.city !== undefined ? changes.city || null : current.city;
  const isMoved = city !== current.city || country !== current.country;
  const place = isMoved ? locateTown({ city, country }) : null;

  await db.transaction(async (tx) => {
    await tx
      .update(profiles)
      .set({
        ...(changes.gender !== undefined && { gender: changes.gender }),
        ...(changes.sexuality !== undefined && { sexuality: changes.sexuality }),
        ...(changes.city !== undefined && { city: changes.city || null }),
        ...(changes.hair_color !== undefined && { hairColor: changes.hair_color }),
        ...(changes.eye_color !== undefined && { eyeColor: changes.eye_color }),
        ...(changes.body_type !== undefined && { bodyType: changes.body_type }),
        ...(changes.relationship_status !== undefined && { relationshipStatus: changes.relationship_status }),
        ...(changes.tattoos !== undefined && { tattoos: changes.tattoos }),
        ...(changes.invisible !== undefined && { invisible: changes.invisible }),
        country,
        regionId,
        ...(isMoved && { lat: place?.lat ?? null, lon: place?.lon ?? null }),
        updatedAt: options.now ?? new Date(),
      })
      .where(eq(profiles.userId, options.userId));
    if (changes.interests) {
      await tx.delete(profileInterests).where(eq(profileInterests.userId, options.userId));
      const unique = [...new Set(changes.interests)];
      if (unique.length)
        await tx
          .insert(profileInterests)
          .values(unique.map((interestId) => ({ userId: options.userId, interestId })));
    }
  });
  if (changes.invisible) forgetShownMembers();
  // The member's swipe stack and match answers follow their profile.
  dropViewerCaches(options.userId);
  if (current.invisible && changes.invisible === false) await dropLikePartnersCaches(db, options.userId);
  return getOwnProfileOrThrow({ userId: options.userId });
}
