import 'server-only';
import { eq } from 'drizzle-orm';
import type { FictionalProfileUpdate } from '@/lib/shared/schemas/fictional-profiles';
import { getDb } from '../db/client';
import { profiles } from '../db/schema/members';
import { forgetShownMembers } from '../members/forget-shown-members';
import { checkNameAndBirth } from './check-name-and-birth';
import { getFictionalProfileRowOrThrow, type ProfileRow } from './get-fictional-profile-row';
import { placeProfile } from './place-profile';

/** The fields of a profile row as the console names them, for the audit log. */
function fieldsOf(row: ProfileRow) {
  return {
    name: row.name,
    gender: row.gender,
    date_of_birth: row.dateOfBirth,
    country: row.country,
    region_id: row.regionId,
    city: row.city,
    about: row.signupMessage,
    sexuality: row.sexuality,
    hair_color: row.hairColor,
    eye_color: row.eyeColor,
    body_type: row.bodyType,
    relationship_status: row.relationshipStatus,
    tattoos: row.tattoos,
  };
}

type Fields = ReturnType<typeof fieldsOf>;

/** Only the fields that differ, as `{ before, after }` for the audit log. */
function difference(before: Fields, after: Fields) {
  const keys = (Object.keys(before) as (keyof Fields)[]).filter((key) => before[key] !== after[key]);
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/**
 * Saves the fields of a fictional profile that changed, by the rules of its creation (a member's
 * name, an adult's date of birth, a town the gazetteer knows, whose region it takes). Answers what
 * changed, field by field, for the audit log.
 */
export async function updateFictionalProfile(options: {
  changes: FictionalProfileUpdate;
  now?: Date;
}): Promise<{ before: Record<string, unknown>; after: Record<string, unknown> }> {
  const { id, ...changes } = options.changes;
  const now = options.now ?? new Date();
  checkNameAndBirth(changes, now);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const current = await getFictionalProfileRowOrThrow({ db: tx, id, forUpdate: true });
    const isMoved =
      (changes.country !== undefined && changes.country !== current.country) ||
      (changes.city !== undefined && (changes.city?.trim() || null) !== current.city);
    const place = isMoved
      ? await placeProfile({
          db: tx,
          country: changes.country ?? current.country,
          city: changes.city !== undefined ? changes.city : current.city,
        })
      : null;
    const [updated] = await tx
      .update(profiles)
      .set({
        ...(changes.name !== undefined && { name: changes.name.trim() }),
        ...(changes.gender !== undefined && { gender: changes.gender }),
        ...(changes.date_of_birth !== undefined && { dateOfBirth: changes.date_of_birth }),
        ...(changes.about !== undefined && { signupMessage: changes.about || null }),
        ...(changes.sexuality !== undefined && { sexuality: changes.sexuality }),
        ...(changes.hair_color !== undefined && { hairColor: changes.hair_color }),
        ...(changes.eye_color !== undefined && { eyeColor: changes.eye_color }),
        ...(changes.body_type !== undefined && { bodyType: changes.body_type }),
        ...(changes.relationship_status !== undefined && { relationshipStatus: changes.relationship_status }),
        ...(changes.tattoos !== undefined && { tattoos: changes.tattoos }),
        ...(place && {
          country: place.country,
          city: place.city,
          regionId: place.regionId,
          lat: place.lat,
          lon: place.lon,
        }),
        updatedAt: now,
      })
      .where(eq(profiles.userId, id))
      .returning();
    if (!updated) throw new Error(`profile ${id} went away`);
    // The lists shown to visitors (home page, landers) are kept for a while: they show it as it is now.
    forgetShownMembers();
    return difference(fieldsOf(current), fieldsOf(updated));
  });
}
