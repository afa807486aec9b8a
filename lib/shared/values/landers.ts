/** The landers of ad campaigns (spec §1), at /landers/{name} and, but for tinderswipe, /landers/{name}/{slug}. */
export const LANDERS = [
  'tinderswipe',
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
] as const;
export type LanderName = (typeof LANDERS)[number];

/** The landings about one member, at /members/{id}/signup, /landing, /landing2/{slug?} and /landing3/{slug?}. */
export const MEMBER_LANDINGS = ['member-signup', 'member-landing', 'member-landing2', 'member-landing3'] as const;
export type MemberLandingName = (typeof MEMBER_LANDINGS)[number];

/** What a funnel event can be attributed to. */
export type FunnelLander = LanderName | MemberLandingName;
export const FUNNEL_LANDERS: readonly FunnelLander[] = [...LANDERS, ...MEMBER_LANDINGS];

export function isFunnelLander(value: unknown): value is FunnelLander {
  return typeof value === 'string' && (FUNNEL_LANDERS as readonly string[]).includes(value);
}

/** The steps of the acquisition funnel, in order. */
export const FUNNEL_KINDS = ['lander_view', 'signup_started', 'signup_completed', 'first_purchase'] as const;
export type FunnelKind = (typeof FUNNEL_KINDS)[number];

/** The longest campaign variant (slug) kept; a longer one still renders, without it. */
export const CAMPAIGN_SLUG_MAX = 64;

/**
 * A campaign variant from the URL (city, niche or wording), as words a headline can show: letters and
 * digits of any script, hyphens and underscores as spaces; null when there is none or it is unusable.
 * Never a reason for a 404: an unknown slug renders the lander without it.
 */
export function campaignSlug(raw: string | undefined): { slug: string; words: string } | null {
  if (!raw) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(raw).trim().toLowerCase();
  } catch {
    return null;
  }
  if (!slug || slug.length > CAMPAIGN_SLUG_MAX || !/^[\p{L}\p{N}_-]+$/u.test(slug)) return null;
  const words = slug
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
  return words ? { slug, words } : null;
}

/** A place name as campaign slugs and profiles may spell it: no accents, case, hyphens or dots. */
export function placeKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[-‐'’._\s]+/g, ' ')
    .trim();
}

/** Whether a member lives in a town or region of that name. */
export const livesIn = (member: { city: string | null; region: string | null }, place: string): boolean =>
  [member.city, member.region].some((name) => name !== null && placeKey(name) === placeKey(place));

/**
 * The town or region a campaign's words name, spelled as the members' profiles spell it, when one of
 * the members lives there; otherwise null, and the lander speaks of the country (a lander never
 * claims members in a place it has none).
 */
export function campaignPlace(
  words: string,
  members: readonly { city: string | null; region: string | null }[],
): string | null {
  for (const member of members) {
    for (const name of [member.city, member.region]) if (name && placeKey(name) === placeKey(words)) return name;
  }
  return null;
}
