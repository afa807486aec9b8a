import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { isLocale, type Locale } from '@/lib/shared/locales';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema/auth';
import { profiles } from '../db/schema/members';
import { sites } from '../db/schema/reference';
import type { EmailSwitches } from './email-preferences';
import { hostOfSite } from './notification-links';

/** A member as a notification mail needs them. */
export interface Recipient extends EmailSwitches {
  userId: number;
  email: string;
  /** Their language; English when what is stored is not a locale. */
  locale: Locale;
  name: string;
  /** The host of their site (null for the default site). */
  host: string | null;
  lastActiveAt: Date;
  createdAt: Date;
  paidUser: boolean;
  country: string;
  regionId: number | null;
  gender: string | null;
  sexuality: string | null;
}

const columns = {
  userId: users.id,
  email: users.email,
  language: users.language,
  status: users.status,
  deletedAt: users.deletedAt,
  notificationsDisabled: users.notificationsDisabled,
  emailStoppedReason: users.emailStoppedReason,
  paidUser: users.paidUser,
  createdAt: users.createdAt,
  domain: sites.domain,
  name: profiles.name,
  lastActiveAt: profiles.lastActiveAt,
  country: profiles.country,
  regionId: profiles.regionId,
  gender: profiles.gender,
  sexuality: profiles.sexuality,
};

function recipientQuery(db: DbOrTx) {
  return db
    .select(columns)
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .innerJoin(sites, eq(sites.id, users.siteId));
}

type RecipientRow = Awaited<ReturnType<typeof recipientQuery>>[number];

function toRecipient({ language, domain, ...row }: RecipientRow): Recipient {
  return { ...row, locale: isLocale(language) ? language : 'en', host: hostOfSite(domain) };
}

/** Members by id, as notification mail needs them (members without a profile are left out). */
export async function loadRecipients(
  db: DbOrTx,
  userIds: readonly number[],
): Promise<Map<number, Recipient>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await recipientQuery(db).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.userId, toRecipient(row)]));
}
