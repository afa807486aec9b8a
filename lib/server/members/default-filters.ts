import 'server-only';
import { eq } from 'drizzle-orm';
import { cache } from 'react';
import type { SearchFilters } from '@/lib/shared/schemas/members';
import type { Settings } from '@/lib/shared/schemas/settings';
import { getDb } from '../db/client';
import { profiles } from '../db/schema/members';

type Gender = 'male' | 'female';

/** Whom a member is looking for, from their gender and sexuality; null when both (bi) or unknown. */
export function soughtGender(gender: string | null, sexuality: string | null): Gender | null {
  if (gender !== 'male' && gender !== 'female') return null;
  const other: Gender = gender === 'male' ? 'female' : 'male';
  switch (sexuality) {
    case 'bi':
      return null;
    case 'gay':
    case 'lesbian':
      return gender;
    default:
      return other;
  }
}

/** A member's own gender, sexuality and country; read once per request. */
const ownSearchProfile = cache(async (userId: number) => {
  const db = await getDb();
  const [own] = await db
    .select({ gender: profiles.gender, sexuality: profiles.sexuality, country: profiles.country })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return own ?? null;
});

/**
 * The filters a search starts with: for a member, the gender they look for in their own country;
 * for a visitor, the country the site places them in.
 */
export async function defaultSearchFilters(options: {
  viewerId: number | null;
  settings: Pick<Settings, 'countries' | 'geoip_country'>;
  /** The member's gender, sexuality and country when already read (with the session); else read here. */
  viewerProfile?: { gender: string | null; sexuality: string | null; country: string } | null;
}): Promise<SearchFilters> {
  if (options.viewerId !== null) {
    const own =
      options.viewerProfile !== undefined ? options.viewerProfile : await ownSearchProfile(options.viewerId);
    if (own) return { gender: soughtGender(own.gender, own.sexuality) ?? undefined, country: own.country };
    return {};
  }
  const country = options.settings.geoip_country;
  return country && options.settings.countries.includes(country) ? { country } : {};
}
