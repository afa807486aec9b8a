import 'server-only';
import { count, eq } from 'drizzle-orm';
import { FICTIONAL_PHOTO_LIMIT, type FictionalProfile } from '@/lib/shared/schemas/fictional-profiles';
import { isLocale } from '@/lib/shared/locales';
import { getDb } from '../db/client';
import { users } from '../db/schema/auth';
import { conversationMembers } from '../db/schema/chat';
import { regions } from '../db/schema/reference';
import { ageOn } from '../members/member-filters';
import { profileChoices } from '../members/profile-choices';
import { listOwnPhotos } from '../photos/list-own-photos';
import { getSettings } from '../settings/get-settings';
import { getFictionalProfileRowOrThrow } from './get-fictional-profile-row';

/**
 * One profile as the console edits it: every field, its photos in the members' order (main first)
 * and how many conversations members have had with it. Admins (`includeReal`) also open profiles
 * that are not fictional, to switch the flag.
 */
export async function getFictionalProfileOrThrow(options: {
  id: number;
  includeReal?: boolean;
  now?: Date;
}): Promise<FictionalProfile> {
  const db = await getDb();
  const row = await getFictionalProfileRowOrThrow({ db, id: options.id, includeReal: options.includeReal });
  const [[account], [region], [chats], own] = await Promise.all([
    db
      .select({ createdAt: users.createdAt, language: users.language })
      .from(users)
      .where(eq(users.id, row.userId)),
    row.regionId
      ? db.select({ name: regions.name }).from(regions).where(eq(regions.id, row.regionId))
      : Promise.resolve([]),
    db
      .select({ count: count() })
      .from(conversationMembers)
      .where(eq(conversationMembers.memberId, row.userId)),
    listOwnPhotos({ userId: row.userId }),
  ]);
  const choices = profileChoices(row);
  const locale = isLocale(account?.language) ? account.language : 'en';
  const settings = await getSettings({ host: null, locale });
  return {
    id: row.userId,
    name: row.name,
    gender: row.gender === 'male' || row.gender === 'female' ? row.gender : null,
    date_of_birth: row.dateOfBirth,
    age: ageOn(row.dateOfBirth, options.now ?? new Date()),
    country: row.country,
    region: region?.name ?? null,
    city: row.city,
    about: row.signupMessage,
    ...choices,
    status: row.status,
    fictional: row.fictional,
    created_at: (account?.createdAt ?? new Date()).toISOString(),
    conversations: chats?.count ?? 0,
    photos: own.photos,
    photo_limit: row.fictional ? FICTIONAL_PHOTO_LIMIT : own.limit,
    preview: {
      locale,
      cdn_prefix: settings.cdn_prefix,
      fictional_singular: settings.fictional_singular,
      fictional_warning: settings.fictional_warning,
    },
  };
}
