import 'server-only';
import { randomUUID } from 'node:crypto';
import { COUNTRY_LOCALES } from '@/lib/shared/locales';
import type { FictionalProfileCreate } from '@/lib/shared/schemas/fictional-profiles';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { profiles } from '../db/schema/members';
import { findSiteForDomain } from '../settings/site-cache';
import { checkNameAndBirth } from './check-name-and-birth';
import { placeProfile } from './place-profile';

/**
 * The address of a fictional profile's account: unique, and in the `.invalid` top-level domain,
 * which never exists (RFC 2606), so no mail can ever reach anyone.
 */
export const FICTIONAL_EMAIL_DOMAIN = 'fictional.lovelane.invalid';
/** Not an argon2 string, so no password ever matches it: nobody logs in as a fictional profile. */
export const FICTIONAL_PASSWORD_HASH = '!fictional-profile-without-login';

/**
 * Makes a fictional profile: an account (confirmed, on the default site, in the country's first
 * language, without a usable password or e-mail address) and its profile, active and flagged
 * fictional, so members meet it with the site's fictional wording at once.
 */
export async function createFictionalProfile(options: {
  fields: FictionalProfileCreate;
  now?: Date;
}): Promise<{ id: number }> {
  const { fields } = options;
  const now = options.now ?? new Date();
  checkNameAndBirth(fields, now);
  const db = await getDb();
  const place = await placeProfile({ db, country: fields.country, city: fields.city });
  const site = await findSiteForDomain('');
  const language = COUNTRY_LOCALES[place.country][0] ?? 'en';
  const id = await db.transaction(async (tx) => {
    const [account] = await tx
      .insert(users)
      .values({
        siteId: site.id,
        email: `${randomUUID()}@${FICTIONAL_EMAIL_DOMAIN}`,
        passwordHash: FICTIONAL_PASSWORD_HASH,
        status: 'confirmed',
        language,
        createdAt: now,
        confirmedAt: now,
      })
      .returning({ id: users.id });
    if (!account) throw new Error('fictional account not created');
    await tx.insert(profiles).values({
      userId: account.id,
      name: fields.name.trim(),
      gender: fields.gender,
      dateOfBirth: fields.date_of_birth,
      country: place.country,
      regionId: place.regionId,
      city: place.city,
      lat: place.lat,
      lon: place.lon,
      signupMessage: fields.about || null,
      sexuality: fields.sexuality,
      hairColor: fields.hair_color,
      eyeColor: fields.eye_color,
      bodyType: fields.body_type,
      relationshipStatus: fields.relationship_status,
      tattoos: fields.tattoos,
      status: 'active',
      fictional: true,
      lastActiveAt: now,
      updatedAt: now,
    });
    return account.id;
  });
  return { id };
}
